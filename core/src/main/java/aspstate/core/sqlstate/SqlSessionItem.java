package aspstate.core.sqlstate;

import static aspstate.core.sqlstate.LockArithmetic.expiry;

import aspstate.core.store.SessionValue;

/**
 * One row of ASPState's session table, as the SQL Server mode procedures keep it (docs/spec/sql-state-procedures.md,
 * "ASPState procedures"). Immutable: the semantics return a new item for every change, which keeps them pure and lets
 * a distributed store ship items as values.
 *
 * <p>The two data columns stay separate because the protocol tells them apart: a get returns itemShort through an
 * output parameter and itemLong as a result set, and each update procedure names the column(s) it writes.
 *
 * @param itemShort       the SessionItemShort column (at most 7000 bytes, checked by the parameter's type), or null
 * @param itemLong        the SessionItemLong column (image), or null
 * @param timeoutMinutes  sliding timeout in minutes, as ASP.NET sends it
 * @param expiresAtMillis now + timeout as of the last procedure that slid it; no "never": a timeout of 0 expires at
 *                        once, as DATEADD(n, 0, now) does in the shipped product
 * @param locked          held by a TempGetStateItemExclusive*
 * @param lockDateMillis  when the current (or last) lock was taken; the insert time before the first lock
 * @param lockCookie      1 for a new item, advanced by every exclusive get that takes the lock
 * @param flags           bit {@link #FLAG_UNINITIALIZED}: inserted by TempInsertUninitializedItem and not yet read
 *                        by a v3 get
 * @param createdMillis   when the item was inserted; kept for inspection, no procedure reads it
 */
public record SqlSessionItem(
        byte[] itemShort,
        byte[] itemLong,
        int timeoutMinutes,
        long expiresAtMillis,
        boolean locked,
        long lockDateMillis,
        int lockCookie,
        int flags,
        long createdMillis)
        implements SessionValue<SqlSessionItem> {

    /** The Flags bit the shipped product sets for an uninitialized item (cookieless sessions rely on it). */
    public static final int FLAG_UNINITIALIZED = 1;
    /** LockCookie of a newly inserted item; the first exclusive get therefore hands out 2. */
    public static final int INITIAL_COOKIE = LockArithmetic.INITIAL_COOKIE;

    /** A freshly inserted item: unlocked, cookie 1, lockDate = created = now (as the shipped inserts do). */
    public static SqlSessionItem inserted(
            byte[] itemShort, byte[] itemLong, int timeoutMinutes, int flags, long nowMillis) {
        return new SqlSessionItem(
                itemShort,
                itemLong,
                timeoutMinutes,
                expiry(timeoutMinutes, nowMillis),
                false,
                nowMillis,
                INITIAL_COOKIE,
                flags,
                nowMillis);
    }

    @Override
    public boolean uninitialized() {
        return (flags & FLAG_UNINITIALIZED) != 0;
    }

    /** The same item with its expiry pushed to now + timeout. */
    SqlSessionItem slid(long nowMillis) {
        return new SqlSessionItem(
                itemShort,
                itemLong,
                timeoutMinutes,
                expiry(timeoutMinutes, nowMillis),
                locked,
                lockDateMillis,
                lockCookie,
                flags,
                createdMillis);
    }

    /** Locked by an exclusive get at now with the given cookie; the expiry is left as it is. */
    SqlSessionItem lockedBy(int cookie, long nowMillis) {
        return new SqlSessionItem(
                itemShort, itemLong, timeoutMinutes, expiresAtMillis, true, nowMillis, cookie, flags, createdMillis);
    }

    /** The uninitialized bit cleared, other flag bits kept: what a v3 get does once it has reported it. */
    SqlSessionItem initialized() {
        return new SqlSessionItem(
                itemShort,
                itemLong,
                timeoutMinutes,
                expiresAtMillis,
                locked,
                lockDateMillis,
                lockCookie,
                flags & ~FLAG_UNINITIALIZED,
                createdMillis);
    }

    /** Unlocked and slid; lockDate and cookie stay, as TempReleaseStateItemExclusive leaves them. */
    SqlSessionItem unlocked(long nowMillis) {
        return new SqlSessionItem(
                itemShort,
                itemLong,
                timeoutMinutes,
                expiry(timeoutMinutes, nowMillis),
                false,
                lockDateMillis,
                lockCookie,
                flags,
                createdMillis);
    }

    /** New data columns and timeout, unlocked, expiring now + the new timeout; cookie, lockDate and flags stay. */
    SqlSessionItem updated(byte[] newItemShort, byte[] newItemLong, int newTimeoutMinutes, long nowMillis) {
        return new SqlSessionItem(
                newItemShort,
                newItemLong,
                newTimeoutMinutes,
                expiry(newTimeoutMinutes, nowMillis),
                false,
                lockDateMillis,
                lockCookie,
                flags,
                createdMillis);
    }

    @Override
    public long lockedAtMillis() {
        return lockDateMillis;
    }

    /** SessionItemShort when there is one, else SessionItemLong: ASP.NET writes one or the other. */
    @Override
    public byte[] sessionData() {
        return itemShort != null ? itemShort : itemLong;
    }

    @Override
    public SqlSessionItem withLockReleased(long nowMillis) {
        return unlocked(nowMillis);
    }

    @Override
    public long sizeInBytes() {
        return length(itemShort) + length(itemLong);
    }

    private static int length(byte[] item) {
        return item == null ? 0 : item.length;
    }

    @Override
    public String toString() {
        return "SqlSessionItem[short=" + describe(itemShort) + ", long=" + describe(itemLong) + ", timeout="
                + timeoutMinutes + ", expiresAt=" + expiresAtMillis + ", locked=" + locked + ", lockDate="
                + lockDateMillis + ", cookie=" + lockCookie + ", flags=" + flags + ", created=" + createdMillis + "]";
    }

    private static String describe(byte[] item) {
        return item == null ? "NULL" : item.length + " bytes";
    }
}
