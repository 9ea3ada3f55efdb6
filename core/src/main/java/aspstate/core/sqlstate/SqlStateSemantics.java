package aspstate.core.sqlstate;

import aspstate.core.sqlstate.SqlProcedureResult.Status;
import aspstate.core.store.Outcome;

/**
 * The rules of the ASPState procedures, as pure functions of (item or null, parameters, now). See
 * docs/spec/sql-state-procedures.md, "ASPState procedures", and its "Decisions" table for where we follow the
 * shipped InstallSqlState.sql instead of [MS-ASPSS]. A procedure that finds no item, or whose lock cookie does not
 * match, changes nothing (KEEP) and still returns 0: in SQL it is an UPDATE or DELETE that matched no row.
 *
 * <p>DeleteExpiredSessions has no rule here: the store reaps expired items by itself and never hands one to a
 * procedure, so that procedure only has to return 0 (see {@link SqlStateServerProcedures#deleteExpiredSessions()}).
 */
final class SqlStateSemantics {
    private SqlStateSemantics() {}

    /** Which output parameters a TempGetStateItem* version has. */
    enum GetOutputs {
        /** v1: @lockDate, no @actionFlags. */
        LOCK_DATE,
        /** v2: @lockAge, no @actionFlags; the Flags column is left alone. */
        LOCK_AGE,
        /** v3: @lockAge and @actionFlags, which reports and clears the uninitialized flag. */
        LOCK_AGE_AND_ACTION_FLAGS
    }

    /** Which data columns a TempUpdateStateItem* writes; the *Null* variants also clear the other one. */
    enum ItemColumns {
        SHORT,
        LONG,
        SHORT_NULL_LONG,
        LONG_NULL_SHORT;

        byte[] itemShortAfter(SqlSessionItem item, byte[] data) {
            switch (this) {
                case SHORT:
                case SHORT_NULL_LONG:
                    return data;
                case LONG:
                    return item.itemShort();
                default:
                    return null;
            }
        }

        byte[] itemLongAfter(SqlSessionItem item, byte[] data) {
            switch (this) {
                case LONG:
                case LONG_NULL_SHORT:
                    return data;
                case SHORT:
                    return item.itemLong();
                default:
                    return null;
            }
        }
    }

    /**
     * Every TempGetStateItem*: slides the expiry of a found item; an exclusive get on an unlocked item takes the lock
     * with the next cookie. Data comes back only when the item was unlocked; @locked tells the state found, so an
     * exclusive get that just took the lock answers 0 and the caller knows the lock is its own.
     */
    static Outcome<SqlSessionItem, SqlProcedureResult> getStateItem(
            SqlSessionItem item, boolean exclusive, GetOutputs outputs, long now) {
        if (item == null) {
            return Outcome.keep(SqlProcedureResult.DONE);
        }
        boolean wasLocked = item.locked();
        SqlSessionItem after = item.slid(now);
        if (exclusive && !wasLocked) {
            after = after.lockedBy(LockArithmetic.nextCookie(item.lockCookie()), now);
        }
        Integer actionFlags = null;
        if (outputs == GetOutputs.LOCK_AGE_AND_ACTION_FLAGS) {
            // Reported once, locked or not: the shipped v3 procedures clear Flags & 1 in the same UPDATE.
            actionFlags = item.uninitialized() ? 1 : 0;
            after = after.initialized();
        }
        Integer lockAge = null;
        Long lockDate = null;
        if (outputs == GetOutputs.LOCK_DATE) {
            lockDate = after.lockDateMillis();
        } else {
            lockAge = wasLocked ? LockArithmetic.lockAgeSeconds(item.lockDateMillis(), now) : 0;
        }
        return Outcome.put(
                after,
                new SqlProcedureResult(
                        Status.OK,
                        wasLocked ? null : item.itemShort(),
                        wasLocked,
                        lockAge,
                        lockDate,
                        after.lockCookie(),
                        actionFlags,
                        wasLocked ? null : item.itemLong()));
    }

    static Outcome<SqlSessionItem, SqlProcedureResult> releaseStateItemExclusive(
            SqlSessionItem item, Integer lockCookie, long now) {
        if (!cookieMatches(item, lockCookie)) {
            return Outcome.keep(SqlProcedureResult.DONE);
        }
        return Outcome.put(item.unlocked(now), SqlProcedureResult.DONE);
    }

    /** Deletes on a matching cookie whether or not the item is locked: ASP.NET passes the cookie it last saw. */
    static Outcome<SqlSessionItem, SqlProcedureResult> removeStateItem(SqlSessionItem item, Integer lockCookie) {
        if (!cookieMatches(item, lockCookie)) {
            return Outcome.keep(SqlProcedureResult.DONE);
        }
        return Outcome.delete(SqlProcedureResult.DONE);
    }

    static Outcome<SqlSessionItem, SqlProcedureResult> resetTimeout(SqlSessionItem item, long now) {
        if (item == null) {
            return Outcome.keep(SqlProcedureResult.DONE);
        }
        return Outcome.put(item.slid(now), SqlProcedureResult.DONE);
    }

    /**
     * Every TempInsert*: a primary key violation on an existing id, which ASP.NET swallows (another web server
     * created the session first), so the existing item must stay exactly as it is.
     */
    static Outcome<SqlSessionItem, SqlProcedureResult> insert(SqlSessionItem existing, SqlSessionItem inserted) {
        if (existing != null) {
            return Outcome.keep(SqlProcedureResult.DUPLICATE_KEY);
        }
        return Outcome.put(inserted, SqlProcedureResult.DONE);
    }

    /**
     * Every TempUpdateStateItem*: only the cookie is checked, not the lock state, as in the shipped procedures:
     * every lock hands out a new cookie, so a matching one already proves the caller took the latest lock. The cookie
     * itself stays, so a repeated update or a later release with it still matches.
     */
    static Outcome<SqlSessionItem, SqlProcedureResult> updateStateItem(
            SqlSessionItem item, ItemColumns columns, byte[] data, int timeoutMinutes, Integer lockCookie, long now) {
        if (!cookieMatches(item, lockCookie)) {
            return Outcome.keep(SqlProcedureResult.DONE);
        }
        SqlSessionItem updated = item.updated(
                columns.itemShortAfter(item, data), columns.itemLongAfter(item, data), timeoutMinutes, now);
        return Outcome.put(updated, SqlProcedureResult.DONE);
    }

    /** The shipped WHERE SessionId = @id AND LockCookie = @lockCookie: no item or a NULL cookie matches nothing. */
    private static boolean cookieMatches(SqlSessionItem item, Integer lockCookie) {
        return item != null && lockCookie != null && lockCookie == item.lockCookie();
    }
}
