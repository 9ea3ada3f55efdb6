package aspstate.core.inspect;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** A session value as text, as .NET would print it where Java's own text differs. */
final class DotNetValues {
    private static final long TICKS_PER_SECOND = 10_000_000L;
    private static final long SECONDS_PER_DAY = 86_400L;

    private DotNetValues() {}

    static String text(Object value) {
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString(); // exactly, with as many decimals as the scale says (1.50 stays 1.50)
        }
        if (value instanceof LocalDateTime dateTime) {
            return dateTime.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        }
        if (value instanceof Duration duration) {
            return timeSpan(duration);
        }
        return String.valueOf(value);
    }

    /** As .NET's TimeSpan.ToString() ("c"): [-][d.]hh:mm:ss[.fffffff]. */
    private static String timeSpan(Duration duration) {
        // A TimeSpan's ticks fit a long; computed with wrapping arithmetic, the result is exact even for MinValue.
        long ticks = duration.getSeconds() * TICKS_PER_SECOND + duration.getNano() / 100;
        // Negating Long.MIN_VALUE leaves it as it is, which read unsigned is its magnitude.
        long magnitude = ticks < 0 ? -ticks : ticks;
        long totalSeconds = Long.divideUnsigned(magnitude, TICKS_PER_SECOND);
        long fraction = Long.remainderUnsigned(magnitude, TICKS_PER_SECOND);
        long days = totalSeconds / SECONDS_PER_DAY;
        long secondOfDay = totalSeconds % SECONDS_PER_DAY;
        StringBuilder text = new StringBuilder(ticks < 0 ? "-" : "");
        if (days != 0) {
            text.append(days).append('.');
        }
        text.append(String.format("%02d:%02d:%02d", secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60));
        if (fraction != 0) {
            text.append(String.format(".%07d", fraction));
        }
        return text.toString();
    }
}
