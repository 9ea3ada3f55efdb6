package aspstate.core.corecache;

import java.time.Instant;

/**
 * Time as the cache table's {@code datetimeoffset} columns hold it: UTC instants in ticks of 100 ns since
 * 1970-01-01T00:00Z, the type's precision, so that comparisons such as {@code @UtcNow <= ExpiresAtTime} come out as
 * on SQL Server to the last digit. Also the two date functions the cache statements use, with SQL Server's overflow
 * rules.
 */
public final class SqlTime {
    public static final long TICKS_PER_SECOND = 10_000_000L;
    public static final long TICKS_PER_MILLISECOND = 10_000L;
    /** 0001-01-01T00:00:00Z, the first instant datetimeoffset holds. */
    public static final long MIN_TICKS = -62_135_596_800L * TICKS_PER_SECOND;
    /** 9999-12-31T23:59:59.9999999Z, the last one. */
    public static final long MAX_TICKS = 253_402_300_800L * TICKS_PER_SECOND - 1;

    private SqlTime() {}

    public static long ofInstant(Instant instant) {
        return instant.getEpochSecond() * TICKS_PER_SECOND + instant.getNano() / 100;
    }

    public static Instant toInstant(long ticks) {
        return Instant.ofEpochSecond(
                Math.floorDiv(ticks, TICKS_PER_SECOND), Math.floorMod(ticks, TICKS_PER_SECOND) * 100);
    }

    public static long ofMillis(long millis) {
        return millis * TICKS_PER_MILLISECOND;
    }

    /**
     * {@code DATEDIFF(SECOND, start, end)}: the second boundaries crossed from start to end, not the elapsed time
     * truncated; null when the count does not fit DATEDIFF's int (SQL Server's error 535).
     */
    public static Integer dateDiffSeconds(long startTicks, long endTicks) {
        long seconds = Math.floorDiv(endTicks, TICKS_PER_SECOND) - Math.floorDiv(startTicks, TICKS_PER_SECOND);
        return seconds < Integer.MIN_VALUE || seconds > Integer.MAX_VALUE ? null : (int) seconds;
    }

    /** Whether a number of seconds can be DATEADD's number, an int (else SQL Server's error 8115). */
    public static boolean fitsDateAdd(long seconds) {
        return seconds >= Integer.MIN_VALUE && seconds <= Integer.MAX_VALUE;
    }

    /**
     * {@code DATEADD(SECOND, seconds, ticks)} for seconds that {@link #fitsDateAdd fit}; null when the result
     * leaves datetimeoffset's range (SQL Server's error 517).
     */
    public static Long dateAddSeconds(long seconds, long ticks) {
        long result = ticks + seconds * TICKS_PER_SECOND;
        return result < MIN_TICKS || result > MAX_TICKS ? null : result;
    }
}
