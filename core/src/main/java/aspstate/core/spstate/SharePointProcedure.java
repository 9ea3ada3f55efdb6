package aspstate.core.spstate;

import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;

/**
 * The [MS-SPSTATE] stored procedures that act on one item, one record per procedure, named after it. A record holds
 * the procedure's input parameters except @id, which is the store key, and is itself the {@link Mutation} the store
 * runs for that key; the rules are in {@link SharePointStateSemantics}. proc_DeleteExpiredItems touches no single
 * item and is {@link SharePointServerProcedures#procDeleteExpiredItems()}.
 *
 * <p>A NULL @id is the TDS layer's to reject before a store is involved: proc_AddItem answers
 * {@link SharePointProcedureResult#DUPLICATE_KEY}; for every other procedure a NULL id matches no item, so the
 * answer is what {@code apply(null, now)} gives for a missing one. The varchar(512) length of @id is checked there
 * too.
 *
 * <p>Timeouts are in minutes. A lock cookie is an Integer because a NULL @lockCookie is legal T-SQL and, like
 * {@code LockCookie = NULL} in a WHERE clause, matches no item. @item may be NULL (varbinary(max) allows it) and is
 * then stored as NULL. A NULL @timeout has no sensible expiry, so the TDS layer rejects it before building a record.
 */
public sealed interface SharePointProcedure extends Mutation<SharePointStateItem, SharePointProcedureResult> {

    /** The procedure's name as SharePoint calls it, e.g. proc_GetItemWithLock for {@link ProcGetItemWithLock}. */
    @Override
    default String operation() {
        return ProcedureNames.OF_RECORD.get(getClass());
    }

    record ProcAddItem(byte[] item, int timeoutMinutes) implements SharePointProcedure {
        @Override
        public Outcome<SharePointStateItem, SharePointProcedureResult> apply(
                SharePointStateItem current, long nowMillis) {
            return SharePointStateSemantics.addItem(
                    current, SharePointStateItem.added(item, timeoutMinutes, nowMillis));
        }
    }

    record ProcGetItemWithoutLock() implements SharePointProcedure {
        @Override
        public Outcome<SharePointStateItem, SharePointProcedureResult> apply(
                SharePointStateItem current, long nowMillis) {
            return SharePointStateSemantics.getItem(current, false, nowMillis);
        }
    }

    record ProcGetItemWithLock() implements SharePointProcedure {
        @Override
        public boolean acquiresLock() {
            return true;
        }

        @Override
        public Outcome<SharePointStateItem, SharePointProcedureResult> apply(
                SharePointStateItem current, long nowMillis) {
            return SharePointStateSemantics.getItem(current, true, nowMillis);
        }
    }

    record ProcReleaseItemLock(Integer lockCookie) implements SharePointProcedure {
        @Override
        public Outcome<SharePointStateItem, SharePointProcedureResult> apply(
                SharePointStateItem current, long nowMillis) {
            return SharePointStateSemantics.releaseItemLock(current, lockCookie, nowMillis);
        }
    }

    record ProcUpdateItem(byte[] item, int timeoutMinutes, Integer lockCookie) implements SharePointProcedure {
        @Override
        public Outcome<SharePointStateItem, SharePointProcedureResult> apply(
                SharePointStateItem current, long nowMillis) {
            return SharePointStateSemantics.updateItem(current, item, timeoutMinutes, lockCookie, nowMillis);
        }
    }

    record ProcDeleteItem(Integer lockCookie) implements SharePointProcedure {
        @Override
        public Outcome<SharePointStateItem, SharePointProcedureResult> apply(
                SharePointStateItem current, long nowMillis) {
            return SharePointStateSemantics.deleteItem(current, lockCookie);
        }
    }

    record ProcRefreshItemExpiration() implements SharePointProcedure {
        @Override
        public Outcome<SharePointStateItem, SharePointProcedureResult> apply(
                SharePointStateItem current, long nowMillis) {
            return SharePointStateSemantics.refreshItemExpiration(current, nowMillis);
        }
    }
}
