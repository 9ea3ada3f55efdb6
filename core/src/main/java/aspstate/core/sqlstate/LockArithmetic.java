package aspstate.core.sqlstate;

/**
 * The time and lock-cookie arithmetic that every SQL procedure family served here does the same way: ASPState's
 * Temp* procedures and SharePoint's proc_* ([MS-SPSTATE]) both keep a timeout in minutes, a lock time and an int
 * lock cookie per item. Kept in one place so the two families cannot drift apart on overflow or rounding.
 */
public final class LockArithmetic {
    /** The cookie a lock counter starts from, and where it wraps to. */
    public static final int INITIAL_COOKIE = 1;

    private static final long MILLIS_PER_MINUTE = 60_000L;

    private LockArithmetic() {}

    /**
     * DATEADD(n, timeout, now): minutes, computed in long so a large timeout cannot overflow. No "never": a timeout
     * of 0 (or less) expires at once, as the shipped DATEADD does.
     */
    public static long expiry(int timeoutMinutes, long nowMillis) {
        return nowMillis + timeoutMinutes * MILLIS_PER_MINUTE;
    }

    /**
     * The cookie the next lock hands out. The shipped procedures compute LockCookie + 1 and would fail with an
     * arithmetic overflow after 2147483647; wrapping to {@link #INITIAL_COOKIE} keeps the item usable (clients
     * treat the cookie as opaque and only compare it for equality).
     */
    public static int nextCookie(int cookie) {
        return cookie == Integer.MAX_VALUE ? INITIAL_COOKIE : cookie + 1;
    }

    /**
     * The lock's age as the shipped procedures compute it, {@code DATEDIFF(second, LockDate, now)}: the number of
     * second boundaries crossed since the lock was taken, not elapsed time truncated (a lock taken at 10.900 s is
     * 1 s old at 11.100 s), so a stuck lock is force-released as early as SQL Server releases it. Never negative
     * (another node's clock may be slightly behind) and capped at the int an @lockAge output can carry.
     */
    public static int lockAgeSeconds(long lockTimeMillis, long nowMillis) {
        long seconds = Math.max(0, Math.floorDiv(nowMillis, 1000) - Math.floorDiv(lockTimeMillis, 1000));
        return (int) Math.min(seconds, Integer.MAX_VALUE);
    }
}
