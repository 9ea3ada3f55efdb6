package aspstate.cli;

import aspstate.core.ByteSize;
import java.util.Locale;
import java.util.OptionalLong;
import picocli.CommandLine.ITypeConverter;

/** A byte size, or {@value #AUTO} (empty) for one the program works out from others. */
public final class ByteSizeOrAuto implements ITypeConverter<OptionalLong> {
    public static final String AUTO = "auto";

    @Override
    public OptionalLong convert(String text) {
        if (text.trim().toLowerCase(Locale.ROOT).equals(AUTO)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(ByteSize.parse(text));
    }
}
