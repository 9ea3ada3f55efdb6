package aspstate.tds.rpc;

import aspstate.core.Failures;
import aspstate.core.LogText;
import aspstate.core.RepeatedEventLog;
import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoreUnavailableException;
import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.proc.ProcedureResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a bound procedure call or recognized statement, whether it came by RPC or in a SQL batch. One that fails
 * inside the server (a store failure, a bug) gives the client an error as a procedure's own error would, and the log
 * the cause, so the connection stays usable; one that refuses its arguments ({@link SqlException}) gives the client
 * that error alone.
 */
public final class ProcedureRunner {
    private static final Logger LOG = LoggerFactory.getLogger(ProcedureRunner.class);
    private static final RepeatedEventLog UNAVAILABLE = new RepeatedEventLog(LOG);
    /** A fault of the server: logged with its stack trace, but at most once per interval however often. */
    private static final RepeatedEventLog FAILED = new RepeatedEventLog(LOG);

    private ProcedureRunner() {}

    /** The call's result; never a failed stage. */
    public static CompletionStage<ProcedureResult> run(Procedure procedure, ProcedureCall call) {
        return run("procedure " + procedure.name(), () -> procedure.call(call), call);
    }

    /**
     * The result of {@code call}; never a failed stage.
     *
     * @param what      what it runs, for messages: {@code procedure TempGetStateItem3}, {@code statement ...}
     * @param arguments what it was given, for the log should it fail inside the server
     */
    public static CompletionStage<ProcedureResult> run(
            String what, Supplier<CompletionStage<ProcedureResult>> call, Object arguments) {
        return start(call).handle((result, failure) -> {
            if (failure == null) {
                return result;
            }
            Throwable cause = Failures.cause(failure);
            if (cause instanceof StoreUnavailableException) {
                UNAVAILABLE.occurred("store unavailable: {} procedure call(s) failed: {}", cause.getMessage());
                return ProcedureResult.failed(SqlErrors.userError(
                        SqlErrors.USER_DEFINED,
                        "The session store is unavailable on this server (" + cause.getMessage()
                                + "); try again later, or another server of a cluster."));
            }
            if (cause instanceof StoreFullException) {
                // The store has logged it (grouped); the client gets SQL Server's answer for a full database.
                return ProcedureResult.failed(
                        SqlErrors.databaseFull("Could not allocate space for the session state of " + what
                                + " because the server's session store is full: " + cause.getMessage() + "."));
            }
            FAILED.occurred(
                    "{} call(s) failed inside the server (latest: {} with {})",
                    what,
                    LogText.client(String.valueOf(arguments)),
                    cause);
            return ProcedureResult.failed(SqlErrors.userError(
                    SqlErrors.USER_DEFINED,
                    Character.toUpperCase(what.charAt(0)) + what.substring(1)
                            + " failed inside the server; the server's log says why."));
        });
    }

    /** One that throws instead of failing its stage is answered the same way; an argument refused, as its error. */
    private static CompletionStage<ProcedureResult> start(Supplier<CompletionStage<ProcedureResult>> call) {
        try {
            return call.get();
        } catch (SqlException refused) {
            return CompletableFuture.completedFuture(ProcedureResult.failed(refused.error()));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
