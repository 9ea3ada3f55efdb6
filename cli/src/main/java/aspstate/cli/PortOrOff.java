package aspstate.cli;

import java.util.Locale;
import java.util.OptionalInt;
import picocli.CommandLine.ITypeConverter;

/** A listener's port as {@link Port} takes it, or {@value #OFF} (empty) for a listener that is not started. */
public final class PortOrOff implements ITypeConverter<OptionalInt> {
    public static final String OFF = "off";

    @Override
    public OptionalInt convert(String text) {
        if (text.trim().toLowerCase(Locale.ROOT).equals(OFF)) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(Port.parse(text, 0, " or " + OFF));
    }
}
