package aspstate.tds.rpc;

import aspstate.core.LogText;
import aspstate.core.RepeatedEventLog;
import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoreUnavailableException;
import aspstate.tds.error.SqlErrors;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.proc.ProcedureResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a bound procedure call, whether it came by RPC or in a SQL batch. A procedure that fails inside the server
 * (a store failure, a bug) gives the client an error as a procedure's own error would, and the log the cause,
 * so the connection stays usable.
 */
public final class ProcedureRunner {
    private static final Logger LOG = LoggerFactory.getLogger(ProcedureRunner.class);
    private static final RepeatedEventLog UNAVAILABLE = new RepeatedEventLog(LOG);
    /** A fault of the server: logged with its stack trace, but at most once per interval however often. */
    private static final RepeatedEventLog FAILED = new RepeatedEventLog(LOG);

    private ProcedureRunner() {
    }

    /** The call's result; never a failed stage. */
    public static CompletionStage<ProcedureResult> run(Procedure procedure, ProcedureCall call) {
        return start(procedure, call).handle((result, failure) -> {
            if (failure == null) {
                return result;
            }
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            if (cause instanceof StoreUnavailableException) {
                UNAVAILABLE.occurred("store unavailable: {} procedure call(s) failed: {}", cause.getMessage());
                return ProcedureResult.failed(SqlErrors.userError(SqlErrors.USER_DEFINED,
                        "The session store is unavailable on this server ("
                        + cause.getMessage() + "); try again later, or another server of a cluster."));
            }
            if (cause instanceof StoreFullException) {
                // The store has logged it (grouped); the client gets SQL Server's answer for a full database.
                return ProcedureResult.failed(SqlErrors.databaseFull(
                        "Could not allocate space for the session state of procedure " + procedure.name()
                        + " because the server's session store is full: " + cause.getMessage() + "."));
            }
            FAILED.occurred("{} procedure call(s) failed inside the server (latest: {} with {})", procedure.name(),
                    LogText.client(String.valueOf(call)), cause);
            return ProcedureResult.failed(SqlErrors.userError(SqlErrors.USER_DEFINED,
                    "Procedure " + procedure.name() + " failed inside the server; the server's log says why."));
        });
    }

    /** A procedure that throws instead of failing its stage is answered the same way. */
    private static CompletionStage<ProcedureResult> start(Procedure procedure, ProcedureCall call) {
        try {
            return procedure.call(call);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
