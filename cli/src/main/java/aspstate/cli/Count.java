package aspstate.cli;

import picocli.CommandLine.ITypeConverter;

/**
 * A whole number of things (connections, queued requests, failures) of which there must be at least one: none
 * would make the thing counted unusable rather than unlimited.
 */
public final class Count implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String text) {
        int count = WholeNumber.parse(text);
        if (count < 1) {
            throw new IllegalArgumentException("must be at least 1, got " + count);
        }
        return count;
    }
}
