package aspstate.core.spstate;

import aspstate.core.sqlstate.LockArithmetic;
import aspstate.core.sqlstate.SqlProcedureResult.Status;
import aspstate.core.store.Outcome;

/**
 * The rules of the [MS-SPSTATE] procedures, as pure functions of (item or null, parameters, now). See
 * docs/spec/sql-state-procedures.md, "SharePoint procedures". A procedure that finds no item, or whose lock cookie
 * does not match, changes nothing (KEEP) and still returns 0: in SQL it is an UPDATE or DELETE that matched no row.
 */
final class SharePointStateSemantics {
    private SharePointStateSemantics() {}

    /** proc_AddItem: an existing id is a primary key violation and must leave the existing item exactly as it is. */
    static Outcome<SharePointStateItem, SharePointProcedureResult> addItem(
            SharePointStateItem existing, SharePointStateItem added) {
        if (existing != null) {
            return Outcome.keep(SharePointProcedureResult.DUPLICATE_KEY);
        }
        return Outcome.put(added, SharePointProcedureResult.DONE);
    }

    /**
     * proc_GetItemWithoutLock and proc_GetItemWithLock: a found item's expiry is refreshed, locked or not. Data comes
     * back only when the item was unlocked; @locked tells the state found, so a get that just placed the lock answers
     * 0 and the caller knows the lock is its own. The cookie is never NULL for a found item: for an unlocked item
     * without a lock it is the stored counter, which [MS-SPSTATE] says the client ignores.
     */
    static Outcome<SharePointStateItem, SharePointProcedureResult> getItem(
            SharePointStateItem item, boolean lock, long now) {
        if (item == null) {
            return Outcome.keep(SharePointProcedureResult.DONE);
        }
        SharePointStateItem after = item.refreshed(now);
        if (item.locked()) {
            return Outcome.put(
                    after,
                    new SharePointProcedureResult(
                            Status.OK,
                            null,
                            true,
                            LockArithmetic.lockAgeSeconds(item.lockTimeMillis(), now),
                            item.lockCookie()));
        }
        if (lock) {
            after = after.lockedBy(LockArithmetic.nextCookie(item.lockCookie()), now);
        }
        return Outcome.put(after, new SharePointProcedureResult(Status.OK, item.item(), false, 0, after.lockCookie()));
    }

    /** proc_ReleaseItemLock: only the cookie is checked, as in ASPState: every lock hands out a new cookie. */
    static Outcome<SharePointStateItem, SharePointProcedureResult> releaseItemLock(
            SharePointStateItem item, Integer lockCookie, long now) {
        if (!cookieMatches(item, lockCookie)) {
            return Outcome.keep(SharePointProcedureResult.DONE);
        }
        return Outcome.put(item.unlocked(now), SharePointProcedureResult.DONE);
    }

    /**
     * proc_UpdateItem: on a matching cookie, the new data and timeout, unlocked, expiring now + the new timeout. The
     * cookie stays, so a release sent after the update with the same cookie still matches and changes nothing else.
     */
    static Outcome<SharePointStateItem, SharePointProcedureResult> updateItem(
            SharePointStateItem item, byte[] data, int timeoutMinutes, Integer lockCookie, long now) {
        if (!cookieMatches(item, lockCookie)) {
            return Outcome.keep(SharePointProcedureResult.DONE);
        }
        return Outcome.put(item.updated(data, timeoutMinutes, now), SharePointProcedureResult.DONE);
    }

    /** proc_DeleteItem: deletes on a matching cookie whether or not the item is locked ([MS-SPSTATE] 3.1.5.3). */
    static Outcome<SharePointStateItem, SharePointProcedureResult> deleteItem(
            SharePointStateItem item, Integer lockCookie) {
        if (!cookieMatches(item, lockCookie)) {
            return Outcome.keep(SharePointProcedureResult.DONE);
        }
        return Outcome.delete(SharePointProcedureResult.DONE);
    }

    /** proc_RefreshItemExpiration: expiry only; the lock, if any, stays. */
    static Outcome<SharePointStateItem, SharePointProcedureResult> refreshItemExpiration(
            SharePointStateItem item, long now) {
        if (item == null) {
            return Outcome.keep(SharePointProcedureResult.DONE);
        }
        return Outcome.put(item.refreshed(now), SharePointProcedureResult.DONE);
    }

    /** WHERE id = @id AND lockCookie = @lockCookie: no item or a NULL cookie matches nothing. */
    private static boolean cookieMatches(SharePointStateItem item, Integer lockCookie) {
        return item != null && lockCookie != null && lockCookie == item.lockCookie();
    }
}
