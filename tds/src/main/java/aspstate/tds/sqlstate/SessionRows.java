package aspstate.tds.sqlstate;

import aspstate.core.sqlstate.SqlProcedureResult;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.sqlstate.SqlSessionProcedure;
import aspstate.core.store.SessionStore;
import aspstate.core.stores.StoreId;
import aspstate.tds.error.SqlError;
import aspstate.tds.error.SqlErrors;
import aspstate.tds.proc.CallArguments;
import aspstate.tds.proc.ItemBodies;

/**
 * A table of session rows as its procedures see it: aspnet_regsql's ASPStateTempSessions, or a table the async
 * provider made for itself. Its rows share the store of ASPState sessions, each table under keys of its own.
 *
 * @param keyPrefix   what the store keys of its rows start with ("" for ASPState's, whose keys are the ids)
 * @param idParameter the procedures' name for the session id, {@code @id} or {@code @SessionId}
 * @param database    the database errors name it in, or "" where that is the client's own
 * @param table       the table as errors name it, {@code dbo.ASPStateTempSessions}
 * @param primaryKey  the name of its primary key, as a duplicate-key error names it
 */
record SessionRows(String keyPrefix, String idParameter, String database, String table, String primaryKey) {
    /** The table as a NOT NULL error names it, with its database when known. */
    String qualifiedTable() {
        return database.isEmpty() ? table : database + "." + table;
    }

    /** The procedures on its rows, each run atomically under its row's key in {@code sessions}. */
    ItemBodies<SqlSessionItem, SqlSessionProcedure, SqlProcedureResult> bodies(SessionStore<SqlSessionItem> sessions) {
        return new ItemBodies<>(
                sessions,
                arguments -> arguments.value(idParameter, String.class),
                this::key,
                // No row has a NULL id: every output NULL, as for a row not found.
                procedure -> SqlProcedureResult.DONE,
                SqlProcedureResult::status,
                this::duplicate);
    }

    /** The id of a row to insert: the primary key, so NULL fails as SQL Server's INSERT does. */
    String insertedId(CallArguments arguments) {
        return arguments.notNullIn(idParameter, String.class, "SessionId", qualifiedTable(), CallArguments.INSERT);
    }

    /** The store key of a session id: its table's prefix and the id, compared without case as the column does. */
    String key(String id) {
        return keyPrefix + StoreId.SQL_SESSIONS.keys().key(id);
    }

    /** The async provider swallows it on insert, as ASP.NET does: another web server created the session first. */
    SqlError duplicate(String id) {
        return SqlErrors.duplicateKey(primaryKey, table, id);
    }
}
