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

    /**
     * The parameter of this name, compared case-insensitively as the server's collation compares names. Should a
     * procedure declare two names that differ only in case (none does), the one spelled exactly as asked wins.
     */
    default Optional<ProcedureParameter> parameter(String name) {
        // Loops, not a stream: every argument of every call is looked up here. Clients spell names as declared,
        // so an exact comparison, which rejects on length or first difference, usually finds it.
        for (ProcedureParameter parameter : parameters()) {
            if (parameter.name().equals(name)) {
                return Optional.of(parameter);
            }
        }
        for (ProcedureParameter parameter : parameters()) {
            if (parameter.name().equalsIgnoreCase(name)) {
                return Optional.of(parameter);
            }
        }
        return Optional.empty();
    }
}
