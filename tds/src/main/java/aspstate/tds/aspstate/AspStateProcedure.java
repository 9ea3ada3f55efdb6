package aspstate.tds.aspstate;

import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.type.TdsType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One ASPState procedure: its name, parameters and output types as the shipped InstallSqlState.sql declares them,
 * and its body.
 * An argument the body rejects is answered as SQL Server answers it, with an error and the connection kept. The
 * SharePoint procedures are built the same way, hence public.
 */
public final class AspStateProcedure implements Procedure {
    @FunctionalInterface
    public interface Body {
        CompletionStage<ProcedureResult> run(CallArguments arguments);
    }

    private final String name;
    private final List<String> parameterNames;
    private final Map<String, TdsType<?>> outputTypes = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    private final Body body;

    /** @param outputTypes the OUTPUT parameters by name, with their declared types */
    public AspStateProcedure(String name, List<String> parameterNames, Map<String, TdsType<?>> outputTypes, Body body) {
        this.name = name;
        this.parameterNames = List.copyOf(parameterNames);
        this.outputTypes.putAll(outputTypes);
        this.body = body;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<String> parameterNames() {
        return parameterNames;
    }

    @Override
    public Optional<TdsType<?>> outputType(String parameter) {
        return Optional.ofNullable(outputTypes.get(parameter));
    }

    @Override
    public CompletionStage<ProcedureResult> call(ProcedureCall call) {
        try {
            return body.run(new CallArguments(name, call));
        } catch (ArgumentRejectedException rejected) {
            return CompletableFuture.completedFuture(ProcedureResult.failed(rejected.error()));
        }
    }

    @Override
    public String toString() {
        return "dbo." + name + parameterNames;
    }
}
