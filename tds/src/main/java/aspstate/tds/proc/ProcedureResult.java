package aspstate.tds.proc;

import aspstate.tds.error.SqlError;
import java.util.List;
import java.util.Map;

/**
 * What a procedure call produced: its return status, the values of its output parameters (by parameter name,
 * case-insensitive; an output left out keeps the value the client passed, as an unassigned T-SQL variable does),
 * what its statements answered in order (result sets, and rows affected where a client counts them), or the error
 * that ended it.
 */
public final class ProcedureResult {
    private final int returnStatus;
    private final ParameterValues outputs;
    private final List<StatementOutcome> outcomes;
    private final SqlError error;

    private ProcedureResult(
            int returnStatus, Map<String, ?> outputs, List<? extends StatementOutcome> outcomes, SqlError error) {
        this.returnStatus = returnStatus;
        this.outputs = new ParameterValues(outputs);
        this.outcomes = List.copyOf(outcomes);
        this.error = error;
    }

    /** Success with return status 0, as every session-state procedure returns. */
    public static ProcedureResult of(Map<String, ?> outputs, List<? extends StatementOutcome> outcomes) {
        return new ProcedureResult(0, outputs, outcomes, null);
    }

    public static ProcedureResult of(Map<String, ?> outputs) {
        return of(outputs, List.of());
    }

    /** The procedure stopped at an error; clients act on the error, so the status stays 0. */
    public static ProcedureResult failed(SqlError error) {
        return new ProcedureResult(0, Map.of(), List.of(), error);
    }

    public int returnStatus() {
        return returnStatus;
    }

    public boolean hasOutput(String parameter) {
        return outputs.has(parameter);
    }

    public Object output(String parameter) {
        return outputs.get(parameter);
    }

    public List<StatementOutcome> outcomes() {
        return outcomes;
    }

    /** The error that ended the call, or null. */
    public SqlError error() {
        return error;
    }
}
