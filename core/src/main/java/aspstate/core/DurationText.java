package aspstate.core;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as the options write them: 500ms, 30s, 2m, 1h, 1d; a plain number means seconds. Log lines write them
 * the same way, so that what a line says can be given back to an option.
 */
public final class DurationText {
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?");
    private static final String EXAMPLES = "(examples: 500ms, 30s, 2m, 1h; a plain number means seconds)";

    private DurationText() {}

    /** @throws IllegalArgumentException with a message for the user when the text is not a duration */
    public static Duration parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.startsWith("-")) {
            throw new IllegalArgumentException("a duration must not be negative " + EXAMPLES);
        }
        Matcher matcher = DURATION.matcher(s);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("not a duration: '" + text + "' " + EXAMPLES);
        }
        String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        try {
            long amount = Long.parseLong(matcher.group(1));
            switch (unit) {
                case "ms":
                    return Duration.ofMillis(amount);
                case "s":
                    return Duration.ofSeconds(amount);
                case "m":
                    return Duration.ofMinutes(amount);
                case "h":
                    return Duration.ofHours(amount);
                case "d":
                    return Duration.ofDays(amount);
                default:
                    throw new IllegalStateException("unit " + unit + " matched but not handled");
            }
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("duration too large: '" + text + "'");
        }
    }

    /** In the largest unit that states it exactly: 500ms, 30s, 2m, 1h, 1d. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        long[] unitMillis = {86_400_000L, 3_600_000L, 60_000L, 1_000L};
        String[] units = {"d", "h", "m", "s"};
        for (int i = 0; i < units.length; i++) {
            if (millis != 0 && millis % unitMillis[i] == 0) {
                return millis / unitMillis[i] + units[i];
            }
        }
        return millis + "ms";
    }
}
