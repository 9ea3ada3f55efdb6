package aspstate.core.stateserver;

import aspstate.core.store.SessionValue;
import aspstate.core.store.StoredValue;

/**
 * One StateServer session as the state service keeps it. Immutable: the semantics return a new entry for every
 * change, which keeps them pure and lets a distributed store ship entries as values.
 *
 * @param data            the serialized session, opaque bytes returned verbatim
 * @param timeoutMinutes  sliding timeout; 0 means never expire
 * @param expiresAtMillis when the entry expires unless touched again ({@link StoredValue#NEVER} for timeout 0)
 * @param locked          held by a GetExclusive
 * @param lockedAtMillis  when the current (or last) lock was taken
 * @param lockCookie      the lock-cookie counter: 1 for a new entry, advanced by every acquire
 * @param uninitialized   created by an insert-only PUT (ExtraFlags: 1) and not yet read: the next read says so
 *                        with ActionFlags: 1
 */
public record SessionEntry(
        byte[] data,
        int timeoutMinutes,
        long expiresAtMillis,
        boolean locked,
        long lockedAtMillis,
        int lockCookie,
        boolean uninitialized)
        implements SessionValue<SessionEntry> {

    /** Cookie counter of a newly created entry; the first acquire therefore hands out 2. */
    public static final int INITIAL_COOKIE = 1;
    /** Highest cookie handed out: the real client rejects 2147483647. */
    public static final int MAX_COOKIE = 2_147_483_646;
    /** Where the counter goes after {@link #MAX_COOKIE}. */
    public static final int WRAPPED_COOKIE = 2;

    public static SessionEntry created(byte[] data, int timeoutMinutes, boolean uninitialized, long nowMillis) {
        return new SessionEntry(
                data, timeoutMinutes, expiry(timeoutMinutes, nowMillis), false, 0, INITIAL_COOKIE, uninitialized);
    }

    static long expiry(int timeoutMinutes, long nowMillis) {
        return timeoutMinutes == 0 ? NEVER : nowMillis + timeoutMinutes * 60_000L;
    }

    static int nextCookie(int cookie) {
        return cookie >= MAX_COOKIE ? WRAPPED_COOKIE : cookie + 1;
    }

    /** The same entry with its sliding expiry pushed to now + timeout. */
    SessionEntry touched(long nowMillis) {
        return new SessionEntry(
                data,
                timeoutMinutes,
                expiry(timeoutMinutes, nowMillis),
                locked,
                lockedAtMillis,
                lockCookie,
                uninitialized);
    }

    /** Touched, and with the uninitialized flag cleared: what any read does. */
    SessionEntry read(long nowMillis) {
        return new SessionEntry(
                data, timeoutMinutes, expiry(timeoutMinutes, nowMillis), locked, lockedAtMillis, lockCookie, false);
    }

    SessionEntry lockedBy(int cookie, long nowMillis) {
        return new SessionEntry(
                data, timeoutMinutes, expiry(timeoutMinutes, nowMillis), true, nowMillis, cookie, false);
    }

    SessionEntry unlocked(long nowMillis) {
        return new SessionEntry(
                data, timeoutMinutes, expiry(timeoutMinutes, nowMillis), false, lockedAtMillis, lockCookie, false);
    }

    /** New data and timeout, unlocked; the cookie counter and the uninitialized flag stay. */
    SessionEntry replaced(byte[] newData, int newTimeoutMinutes, long nowMillis) {
        return new SessionEntry(
                newData,
                newTimeoutMinutes,
                expiry(newTimeoutMinutes, nowMillis),
                false,
                lockedAtMillis,
                lockCookie,
                uninitialized);
    }

    @Override
    public byte[] sessionData() {
        return data;
    }

    @Override
    public SessionEntry withLockReleased(long nowMillis) {
        return unlocked(nowMillis);
    }

    @Override
    public long sizeInBytes() {
        return data.length;
    }

    @Override
    public String toString() {
        return "SessionEntry[" + data.length + " bytes, timeout=" + timeoutMinutes + ", expiresAt=" + expiresAtMillis
                + ", locked=" + locked + ", lockedAt=" + lockedAtMillis + ", cookie=" + lockCookie
                + ", uninitialized=" + uninitialized + "]";
    }
}
