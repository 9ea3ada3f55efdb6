package aspstate.core.spstate;

import static aspstate.core.sqlstate.LockArithmetic.expiry;

import aspstate.core.sqlstate.LockArithmetic;
import aspstate.core.store.SessionValue;

/**
 * One instance of binary data of SharePoint's Temporary State Service ([MS-SPSTATE] 3.1.1; docs/spec/
 * sql-state-procedures.md, "SharePoint procedures"). Immutable, like the ASPState item: the semantics return a new
 * item for every change, which keeps them pure and lets a distributed store ship items as values.
 *
 * <p>Unlike ASPState there is a single data field and no flags: [MS-SPSTATE] has no uninitialized items and returns
 * the data only through the @item output parameter, whatever its size.
 *
 * @param item            the varbinary(max) data, or null when the client stored NULL
 * @param timeoutMinutes  sliding timeout in minutes, as SharePoint sends @timeout
 * @param expiresAtMillis now + timeout as of the last procedure that refreshed it; a timeout of 0 or less expires at
 *                        once (DATEADD semantics, as for ASPState), so the store never hands such an item out
 * @param locked          held by a proc_GetItemWithLock
 * @param lockTimeMillis  when the current (or last) lock was placed; the add time before the first lock
 * @param lockCookie      {@link LockArithmetic#INITIAL_COOKIE} for a new item, advanced by every lock placed
 */
public record SharePointStateItem(
        byte[] item, int timeoutMinutes, long expiresAtMillis, boolean locked, long lockTimeMillis, int lockCookie)
        implements SessionValue<SharePointStateItem> {

    /**
     * What proc_AddItem stores: unlocked, the same initial cookie as an ASPState insert (so the first lock hands out
     * 2), lock time = now so that a lock time is always a real instant.
     */
    public static SharePointStateItem added(byte[] item, int timeoutMinutes, long nowMillis) {
        return new SharePointStateItem(
                item,
                timeoutMinutes,
                expiry(timeoutMinutes, nowMillis),
                false,
                nowMillis,
                LockArithmetic.INITIAL_COOKIE);
    }

    /** The same item with its expiry pushed to now + timeout ([MS-SPSTATE] 3.1.1 "expiration time"). */
    SharePointStateItem refreshed(long nowMillis) {
        return new SharePointStateItem(
                item, timeoutMinutes, expiry(timeoutMinutes, nowMillis), locked, lockTimeMillis, lockCookie);
    }

    /** Locked at now with the given cookie; the expiry is left as it is. */
    SharePointStateItem lockedBy(int cookie, long nowMillis) {
        return new SharePointStateItem(item, timeoutMinutes, expiresAtMillis, true, nowMillis, cookie);
    }

    /** Unlocked and refreshed; lock time and cookie stay, so a repeated release with the same cookie still matches. */
    SharePointStateItem unlocked(long nowMillis) {
        return new SharePointStateItem(
                item, timeoutMinutes, expiry(timeoutMinutes, nowMillis), false, lockTimeMillis, lockCookie);
    }

    /** New data and timeout, unlocked, expiring now + the new timeout; lock time and cookie stay. */
    SharePointStateItem updated(byte[] newItem, int newTimeoutMinutes, long nowMillis) {
        return new SharePointStateItem(
                newItem, newTimeoutMinutes, expiry(newTimeoutMinutes, nowMillis), false, lockTimeMillis, lockCookie);
    }

    @Override
    public long lockedAtMillis() {
        return lockTimeMillis;
    }

    /** [MS-SPSTATE] has no uninitialized items. */
    @Override
    public boolean uninitialized() {
        return false;
    }

    @Override
    public byte[] sessionData() {
        return item;
    }

    @Override
    public SharePointStateItem withLockReleased(long nowMillis) {
        return unlocked(nowMillis);
    }

    @Override
    public long sizeInBytes() {
        return item == null ? 0 : item.length;
    }

    @Override
    public String toString() {
        return "SharePointStateItem[item=" + (item == null ? "NULL" : item.length + " bytes") + ", timeout="
                + timeoutMinutes + ", expiresAt=" + expiresAtMillis + ", locked=" + locked + ", lockTime="
                + lockTimeMillis + ", cookie=" + lockCookie + "]";
    }
}
