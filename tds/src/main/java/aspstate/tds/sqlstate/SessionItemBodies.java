package aspstate.tds.sqlstate;

import aspstate.core.sqlstate.SqlProcedureResult;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.sqlstate.SqlSessionProcedure;
import aspstate.core.store.SessionStore;
import aspstate.tds.proc.CallArguments;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.SessionProcedure.Body;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Bodies of the procedures on one session item of a table: the arguments become a core {@link SqlSessionProcedure},
 * which the store runs atomically under the item's key, and its result becomes the procedure's answer.
 */
final class SessionItemBodies {
    /** The answer of a procedure without outputs or result sets. */
    static final Function<SqlProcedureResult, ProcedureResult> NO_OUTPUTS = result -> ProcedureResult.of(Map.of());

    private final SessionStore<SqlSessionItem> sessions;
    private final SessionRows rows;

    SessionItemBodies(SessionStore<SqlSessionItem> sessions, SessionRows rows) {
        this.sessions = sessions;
        this.rows = rows;
    }

    /**
     * A get, update, release, remove or reset: it finds the item by its id, so a NULL id finds nothing, as
     * {@code WHERE SessionId = NULL} does, and answers as for no row. The other arguments are checked either way.
     *
     * @param answer what the procedure answers for what it did: its outputs and result set
     */
    Body onExistingItem(
            Function<SqlProcedureResult, ProcedureResult> answer,
            Function<CallArguments, ? extends SqlSessionProcedure> request) {
        return arguments -> {
            String id = arguments.value(rows.idParameter(), String.class);
            SqlSessionProcedure procedure = request.apply(arguments);
            if (id == null) {
                return CompletableFuture.completedFuture(answer.apply(SqlProcedureResult.DONE));
            }
            return run(id, procedure, answer);
        };
    }

    /** An insert: the id is the primary key, so NULL fails as SQL Server's INSERT does. */
    Body insert(Function<CallArguments, ? extends SqlSessionProcedure> request) {
        return arguments -> {
            String id = arguments.notNullIn(
                    rows.idParameter(), String.class, "SessionId", rows.qualifiedTable(), CallArguments.INSERT);
            return run(id, request.apply(arguments), NO_OUTPUTS);
        };
    }

    private CompletionStage<ProcedureResult> run(
            String id, SqlSessionProcedure procedure, Function<SqlProcedureResult, ProcedureResult> answer) {
        return sessions.execute(rows.key(id), procedure).thenApply(result -> switch (result.status()) {
            case OK -> answer.apply(result);
            case DUPLICATE_KEY -> ProcedureResult.failed(rows.duplicate(id));
        });
    }
}
