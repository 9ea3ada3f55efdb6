package aspstate.tds.proc;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * A stored procedure the server serves, found by name in a {@link ProcedureCatalog}. Its result comes as a stage
 * because the session store answers asynchronously; the connection keeps its replies in request order either way.
 */
public interface Procedure {
    /** The bare name, without schema or brackets, e.g. {@code TempGetStateItem3}. */
    String name();

    /**
     * The parameters in declaration order: clients that pass values by position (jTDS, and mssql-jdbc's
     * {@code EXEC proc @P1, @P2}) are matched to them in this order, a call by name answers each output in its
     * declared type (as SQL Server answers in the procedure's own declaration; calls through T-SQL text answer in
     * the client's declared variables instead), and sp_sproc_columns describes them to clients that look
     * parameters up by name.
     */
    List<ProcedureParameter> parameters();

    CompletionStage<ProcedureResult> call(ProcedureCall call);

    /** The parameter of this name, matched without case, the exact spelling first ({@code ParameterNames}). */
    default Optional<ProcedureParameter> parameter(String name) {
        return ParameterNames.find(parameters(), ProcedureParameter::name, name);
    }
}
