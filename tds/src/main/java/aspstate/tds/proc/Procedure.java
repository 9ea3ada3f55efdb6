package aspstate.tds.proc;

import aspstate.tds.type.TdsType;
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
     * Parameter names with their '@', in declaration order: clients that pass values by position (jTDS, and
     * mssql-jdbc's {@code EXEC proc @P1, @P2}) are matched to them in this order.
     */
    List<String> parameterNames();

    CompletionStage<ProcedureResult> call(ProcedureCall call);

    /**
     * The type an output parameter is declared with. A call by name is answered in it, as SQL Server answers with
     * the procedure's own declaration; empty answers in the type the client sent. Calls through T-SQL text answer
     * in the client's declared variables either way.
     */
    default Optional<TdsType<?>> outputType(String parameter) {
        return Optional.empty();
    }
}
