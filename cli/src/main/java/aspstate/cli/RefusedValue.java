package aspstate.cli;

import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/**
 * A value one of the converters refused, said the way the user wrote it: {@code --max-body abc: not a byte size:
 * 'abc' (examples: ...)}, where picocli would say {@code Invalid value for option '--max-body': cannot convert 'abc'
 * to long (java.lang.IllegalArgumentException: ...)}.
 */
public final class RefusedValue {
    private RefusedValue() {}

    /** The converter's reason, or null when picocli's error is about something else (an unknown option, say). */
    public static String reason(ParameterException ex) {
        Throwable cause = ex.getCause();
        boolean refused = cause instanceof IllegalArgumentException || cause instanceof TypeConversionException;
        return refused && ex.getArgSpec() instanceof OptionSpec ? cause.getMessage() : null;
    }

    /** The option and value as written, then the reason; null as for {@link #reason}. */
    public static String describe(ParameterException ex) {
        String reason = reason(ex);
        if (reason == null) {
            return null;
        }
        return asWritten(((OptionSpec) ex.getArgSpec()).longestName(), ex.getValue()) + ": " + reason;
    }

    /** {@code --name value}, an empty or blank value in quotes so that it shows. */
    public static String asWritten(String name, String value) {
        return name + " " + (value.isBlank() ? "'" + value + "'" : value);
    }
}
