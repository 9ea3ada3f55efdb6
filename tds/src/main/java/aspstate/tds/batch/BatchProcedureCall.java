package aspstate.tds.batch;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.rpc.ProcedureArguments;
import aspstate.tds.rpc.ProcedureResponse;
import aspstate.tds.rpc.ProcedureRunner;
import aspstate.tds.sql.ExecStatement;
import aspstate.tds.sql.SqlDataType;
import aspstate.tds.sql.TypedValue;
import aspstate.tds.system.SystemProcedures;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * An EXEC in a SQL batch: the arguments are the values of literals and variables, the procedure's outputs go back
 * into the variables passed with OUTPUT (and the return status into {@code @ret} of {@code EXEC @ret = proc}).
 * The client sees the procedure's result sets, RETURNSTATUS and DONEPROC, but no RETURNVALUE: in a batch the
 * outputs stay in the variables, where a later SELECT reads them. An error ends the call, not the batch.
 */
final class BatchProcedureCall {
    private BatchProcedureCall() {}

    /**
     * Writes the call's answer; the stage completes when it is written.
     *
     * @param database the connection's current database, in which a system procedure such as sp_sproc_columns
     *                 (mssql-jdbc's named-parameter lookup) is found
     */
    static CompletionStage<Void> run(
            ExecStatement exec,
            SystemProcedures procedures,
            String database,
            BatchVariables variables,
            ByteBuf out,
            TdsVersion version,
            int more) {
        Procedure procedure;
        List<String> parameters;
        ProcedureArguments arguments;
        try {
            procedure = procedures
                    .findCallable(exec.procedureName(), database)
                    .orElseThrow(() -> SqlException.of(SqlErrors.unknownProcedure(exec.procedureName())));
            arguments = new ProcedureArguments(procedure);
            parameters = new ArrayList<>();
            for (int position = 0; position < exec.arguments().size(); position++) {
                ExecStatement.Argument argument = exec.arguments().get(position);
                String parameter = arguments.parameterFor(argument.parameter(), position);
                parameters.add(parameter);
                arguments.put(parameter, variables.evaluate(argument.value()).value());
            }
        } catch (SqlException rejection) {
            ProcedureResponse.rejected(out, version, rejection, more);
            return CompletableFuture.completedFuture(null);
        }
        return ProcedureRunner.run(procedure, new ProcedureCall(arguments.values()))
                .thenAccept(result -> {
                    try {
                        if (result.error() == null) {
                            assignOutputs(exec, parameters, result, variables);
                        }
                        ProcedureResponse.write(out, version, result, List.of(), more);
                    } catch (SqlException conversion) {
                        ProcedureResponse.failed(out, version, conversion.error(), more);
                    }
                });
    }

    /**
     * An output the procedure left unset leaves the variable as it was, as T-SQL does.
     *
     * @param parameters the procedure's parameter each argument was passed to, in argument order
     */
    private static void assignOutputs(
            ExecStatement exec, List<String> parameters, ProcedureResult result, BatchVariables variables) {
        for (int position = 0; position < exec.arguments().size(); position++) {
            ExecStatement.Argument argument = exec.arguments().get(position);
            String parameter = parameters.get(position);
            if (argument.output() && result.hasOutput(parameter)) {
                variables.assign(argument.variable(), TypedValue.of(result.output(parameter)));
            }
        }
        if (exec.returnVariable() != null) {
            variables.assign(exec.returnVariable(), new TypedValue(SqlDataType.INT, result.returnStatus()));
        }
    }
}
