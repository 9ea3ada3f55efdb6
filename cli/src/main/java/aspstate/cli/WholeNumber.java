package aspstate.cli;

import picocli.CommandLine.ITypeConverter;

/** An int, refused in words rather than with picocli's Java type name; the option checks its range. */
public final class WholeNumber implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String text) {
        return parse(text);
    }

    static int parse(String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a whole number");
        }
    }
}
