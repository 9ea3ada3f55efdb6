package aspstate.tds.sqlstate;

import aspstate.core.sqlstate.SqlProcedureResult;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.sqlstate.SqlStateProcedure;
import aspstate.core.store.SessionStore;
import aspstate.tds.proc.CallArguments;
import aspstate.tds.proc.SessionProcedure.Body;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.SessionTables;
import java.time.ZoneId;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Bodies of the procedures on one session item: the arguments become a core {@link SqlStateProcedure}, which the
 * store runs atomically under the item's @id, and its result becomes the procedure's answer.
 */
final class SessionItemBodies {
    private final SessionStore<SqlSessionItem> sessions;
    private final ZoneId zone;

    /** @param zone the server's time zone, for the v1 gets' @lockDate */
    SessionItemBodies(SessionStore<SqlSessionItem> sessions, ZoneId zone) {
        this.sessions = sessions;
        this.zone = zone;
    }

    /**
     * A get, update, release, remove or reset: it finds the item by @id, so a NULL @id finds nothing, as
     * {@code WHERE SessionId = NULL} does, and answers NULL outputs. The other arguments are checked either way.
     */
    Body onExistingItem(ItemOutputs outputs, Function<CallArguments, SqlStateProcedure> request) {
        return arguments -> {
            String id = arguments.value("@id", String.class);
            SqlStateProcedure procedure = request.apply(arguments);
            if (id == null) {
                return CompletableFuture.completedFuture(outputs.answer(SqlProcedureResult.DONE, zone));
            }
            return run(id, procedure, outputs);
        };
    }

    /** An insert: @id is the primary key, so NULL fails as SQL Server's INSERT does. */
    Body insert(Function<CallArguments, SqlStateProcedure> request) {
        return arguments -> {
            String id = arguments.notNull("@id", String.class, "SessionId", SessionTables.SESSIONS_TABLE,
                    CallArguments.INSERT);
            return run(id, request.apply(arguments), ItemOutputs.NONE);
        };
    }

    private CompletionStage<ProcedureResult> run(String id, SqlStateProcedure procedure, ItemOutputs outputs) {
        return sessions.execute(key(id), procedure).thenApply(result -> switch (result.status()) {
            case OK -> outputs.answer(result, zone);
            case DUPLICATE_KEY -> ProcedureResult.failed(SessionTables.duplicateSession(id));
        });
    }

    /**
     * The store key of a session id. The shipped SessionId column compares under a case-insensitive collation, so
     * ids that differ only in case are one row there and share one key here.
     */
    private static String key(String id) {
        return id.toLowerCase(Locale.ROOT);
    }
}
