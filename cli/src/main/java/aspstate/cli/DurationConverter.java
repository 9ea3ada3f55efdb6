package aspstate.cli;

import aspstate.core.DurationText;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;

/** A duration as {@link DurationText} writes it: 500ms, 30s, 2m, 1h, 1d; a plain number is seconds. */
public final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String text) {
        return DurationText.parse(text);
    }
}
