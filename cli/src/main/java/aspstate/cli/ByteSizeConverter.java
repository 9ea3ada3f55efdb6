package aspstate.cli;

import aspstate.core.ByteSize;
import picocli.CommandLine.ITypeConverter;

/** A number of bytes as {@link ByteSize} writes it: 1048576, 64KiB, 64MiB, 2GiB. */
public final class ByteSizeConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
        return ByteSize.parse(text);
    }
}
