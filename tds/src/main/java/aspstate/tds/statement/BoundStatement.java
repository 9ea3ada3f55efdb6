package aspstate.tds.statement;

import aspstate.tds.proc.ProcedureResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * A recognized statement bound to what its text named (the table, the store behind it): ready to run with the
 * values of its parameters. What it answers is a procedure call's answer, as sp_executesql's is: its statements'
 * outcomes in order, or the error that stopped it.
 */
public interface BoundStatement {
    /** Its name in errors and logs, e.g. {@code GetCacheItem}. */
    String name();

    /**
     * Runs it; an argument it cannot take throws {@link aspstate.tds.error.SqlException} or fails the result, with
     * nothing changed.
     */
    CompletionStage<ProcedureResult> run(StatementArguments arguments);

    static BoundStatement of(String name, Function<StatementArguments, CompletionStage<ProcedureResult>> run) {
        return new BoundStatement() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public CompletionStage<ProcedureResult> run(StatementArguments arguments) {
                return run.apply(arguments);
            }
        };
    }

    /** A statement that answers the same at once every time, touching nothing: a CREATE of what always exists. */
    static BoundStatement answering(String name, ProcedureResult result) {
        return of(name, arguments -> CompletableFuture.completedFuture(result));
    }
}
