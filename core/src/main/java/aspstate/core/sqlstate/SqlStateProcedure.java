package aspstate.core.sqlstate;

import aspstate.core.sqlstate.SqlStateSemantics.GetOutputs;
import aspstate.core.sqlstate.SqlStateSemantics.ItemColumns;
import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;

/**
 * The ASPState stored procedures that act on one session item, one record per procedure, named exactly as the
 * procedure. A record holds the procedure's input parameters except @id, which is the store key, and is itself the
 * {@link Mutation} the store runs for that key; the rules are in {@link SqlStateSemantics}.
 *
 * <p>Timeouts are in minutes (the "@timeout unit" decision). A lock cookie is an Integer because a NULL @lockCookie
 * is legal T-SQL: like {@code LockCookie = NULL} in the shipped WHERE clauses, it matches no item. A NULL @timeout
 * would violate the shipped table's NOT NULL column, so the TDS layer rejects it before building a record.
 */
public sealed interface SqlStateProcedure extends SqlSessionProcedure {

    /** The procedure's name, which is the record's. */
    @Override
    default String operation() {
        return getClass().getSimpleName();
    }

    /** v1 get: @lockDate instead of @lockAge, no @actionFlags. */
    record TempGetStateItem() implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.getStateItem(item, false, GetOutputs.LOCK_DATE, nowMillis);
        }
    }

    /** v2 get: @lockAge, no @actionFlags, Flags untouched. */
    record TempGetStateItem2() implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.getStateItem(item, false, GetOutputs.LOCK_AGE, nowMillis);
        }
    }

    /** v3 get, what current ASP.NET calls: @lockAge and @actionFlags. */
    record TempGetStateItem3() implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.getStateItem(item, false, GetOutputs.LOCK_AGE_AND_ACTION_FLAGS, nowMillis);
        }
    }

    record TempGetStateItemExclusive() implements SqlStateProcedure {
        @Override
        public boolean acquiresLock() {
            return true;
        }

        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.getStateItem(item, true, GetOutputs.LOCK_DATE, nowMillis);
        }
    }

    record TempGetStateItemExclusive2() implements SqlStateProcedure {
        @Override
        public boolean acquiresLock() {
            return true;
        }

        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.getStateItem(item, true, GetOutputs.LOCK_AGE, nowMillis);
        }
    }

    record TempGetStateItemExclusive3() implements SqlStateProcedure {
        @Override
        public boolean acquiresLock() {
            return true;
        }

        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.getStateItem(item, true, GetOutputs.LOCK_AGE_AND_ACTION_FLAGS, nowMillis);
        }
    }

    record TempReleaseStateItemExclusive(Integer lockCookie) implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.releaseStateItemExclusive(item, lockCookie, nowMillis);
        }
    }

    record TempRemoveStateItem(Integer lockCookie) implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.removeStateItem(item, lockCookie);
        }
    }

    record TempResetTimeout() implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.resetTimeout(item, nowMillis);
        }
    }

    record TempInsertStateItemShort(byte[] itemShort, int timeoutMinutes) implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.insert(
                    item, SqlSessionItem.inserted(itemShort, null, timeoutMinutes, 0, nowMillis));
        }
    }

    record TempInsertStateItemLong(byte[] itemLong, int timeoutMinutes) implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.insert(
                    item, SqlSessionItem.inserted(null, itemLong, timeoutMinutes, 0, nowMillis));
        }
    }

    /** What ASP.NET inserts for a cookieless session before it has data: the next v3 get reports @actionFlags 1. */
    record TempInsertUninitializedItem(byte[] itemShort, int timeoutMinutes) implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.insert(
                    item,
                    SqlSessionItem.inserted(
                            itemShort, null, timeoutMinutes, SqlSessionItem.FLAG_UNINITIALIZED, nowMillis));
        }
    }

    record TempUpdateStateItemShort(byte[] itemShort, int timeoutMinutes, Integer lockCookie)
            implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.updateStateItem(
                    item, ItemColumns.SHORT, itemShort, timeoutMinutes, lockCookie, nowMillis);
        }
    }

    record TempUpdateStateItemLong(byte[] itemLong, int timeoutMinutes, Integer lockCookie)
            implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.updateStateItem(
                    item, ItemColumns.LONG, itemLong, timeoutMinutes, lockCookie, nowMillis);
        }
    }

    /** Used by ASP.NET when the session shrank to 7000 bytes or less: the old long column is freed. */
    record TempUpdateStateItemShortNullLong(byte[] itemShort, int timeoutMinutes, Integer lockCookie)
            implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.updateStateItem(
                    item, ItemColumns.SHORT_NULL_LONG, itemShort, timeoutMinutes, lockCookie, nowMillis);
        }
    }

    /** Used by ASP.NET when the session grew past 7000 bytes: the old short column is freed. */
    record TempUpdateStateItemLongNullShort(byte[] itemLong, int timeoutMinutes, Integer lockCookie)
            implements SqlStateProcedure {
        @Override
        public Outcome<SqlSessionItem, SqlProcedureResult> apply(SqlSessionItem item, long nowMillis) {
            return SqlStateSemantics.updateStateItem(
                    item, ItemColumns.LONG_NULL_SHORT, itemLong, timeoutMinutes, lockCookie, nowMillis);
        }
    }
}
