package aspstate.core.sqlstate;

import aspstate.core.sqlstate.SqlStateSemantics.GetOutputs;
import aspstate.core.sqlstate.SqlStateSemantics.ItemColumns;
import aspstate.core.store.Outcome;

/**
 * The nine procedures Microsoft's SqlSessionStateProviderAsync creates next to a session table of its own
 * (repositoryType SqlServer, InMemory and InMemoryDurable), one record per procedure, named as the provider names
 * them before any table prefix. Their rows have the columns of ASPState's, the data in SessionItemLong alone, so
 * they follow the same rules ({@link SqlStateSemantics}); a record is the {@link aspstate.core.store.Mutation} the
 * store runs for the row's key, as {@link SqlStateProcedure}'s are. DeleteExpiredSessionState has no record: the
 * store reaps expired rows by itself.
 */
public sealed interface AsyncProviderProcedure extends SqlSessionProcedure {

    @Override
    default String operation() {
        return getClass().getSimpleName();
    }

    /** As TempGetStateItemExclusive3, the item coming back as the one-column result set. */
    record GetStateItemExclusive() implements AsyncProviderProcedure {
        @Override
        public boolean acquiresLock() {
            return true;
        }

        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.getStateItem(item, true, GetOutputs.LOCK_AGE_AND_ACTION_FLAGS, nowMillis);
        }
    }

    record GetStateItem() implements AsyncProviderProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.getStateItem(item, false, GetOutputs.LOCK_AGE_AND_ACTION_FLAGS, nowMillis);
        }
    }

    /** @param item the SessionItemLong column, NULL allowed */
    record InsertStateItem(byte[] item, int timeoutMinutes) implements AsyncProviderProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem existing, long nowMillis) {
            return SqlStateSemantics.insert(
                    existing, SqlSessionItem.inserted(null, item, timeoutMinutes, 0, nowMillis));
        }
    }

    /** An item the next get reports with @ActionFlags 1, as TempInsertUninitializedItem's. */
    record InsertUninitializedItem(byte[] item, int timeoutMinutes) implements AsyncProviderProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem existing, long nowMillis) {
            return SqlStateSemantics.insert(
                    existing,
                    SqlSessionItem.inserted(null, item, timeoutMinutes, SqlSessionItem.FLAG_UNINITIALIZED, nowMillis));
        }
    }

    record UpdateStateItem(byte[] item, int timeoutMinutes, Integer lockCookie) implements AsyncProviderProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem existing, long nowMillis) {
            return SqlStateSemantics.updateStateItem(
                    existing, ItemColumns.LONG, item, timeoutMinutes, lockCookie, nowMillis);
        }
    }

    record ReleaseItemExclusive(Integer lockCookie) implements AsyncProviderProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.releaseStateItemExclusive(item, lockCookie, nowMillis);
        }
    }

    record RemoveStateItem(Integer lockCookie) implements AsyncProviderProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.removeStateItem(item, lockCookie);
        }
    }

    record ResetItemTimeout() implements AsyncProviderProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.resetTimeout(item, nowMillis);
        }
    }
}
