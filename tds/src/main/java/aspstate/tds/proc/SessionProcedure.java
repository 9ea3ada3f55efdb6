package aspstate.tds.proc;

import aspstate.tds.error.SqlException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One ASPState procedure: its name and parameters as the shipped InstallSqlState.sql declares them, and its body.
 * An argument the body rejects is answered as SQL Server answers it, with an error and the connection kept. The
 * SharePoint procedures are built the same way, hence public.
 */
public final class SessionProcedure implements Procedure {
    @FunctionalInterface
    public interface Body {
        CompletionStage<ProcedureResult> run(CallArguments arguments);
    }

    private final String name;
    private final List<ProcedureParameter> parameters;
    private final Body body;

    public SessionProcedure(String name, List<ProcedureParameter> parameters, Body body) {
        this.name = name;
        this.parameters = List.copyOf(parameters);
        this.body = body;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<ProcedureParameter> parameters() {
        return parameters;
    }

    @Override
    public CompletionStage<ProcedureResult> call(ProcedureCall call) {
        try {
            return body.run(new CallArguments(name, call));
        } catch (SqlException rejected) {
            return CompletableFuture.completedFuture(ProcedureResult.failed(rejected.error()));
        }
    }

    @Override
    public String toString() {
        return "dbo." + name + parameters.stream().map(ProcedureParameter::name).toList();
    }
}
