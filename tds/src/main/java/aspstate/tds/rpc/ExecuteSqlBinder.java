package aspstate.tds.rpc;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.request.RpcParameter;
import aspstate.tds.rpc.SentVariables.Variable;
import aspstate.tds.sql.ExecStatement;
import aspstate.tds.sql.Expression;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Binds a procedure call sent as T-SQL through sp_executesql, sp_prepexec or sp_execute (mssql-jdbc, tedious's
 * execSql): the RPC's values fill the declared variables (by position, or by name when named), the EXEC
 * statement passes variables to the procedure, and every value the client marked as output is answered with the
 * variable's value after the call: the return status for {@code @ret} of {@code EXEC @ret = proc}, the
 * procedure's output for an argument marked OUTPUT, else the value it came with.
 */
final class ExecuteSqlBinder {
    private ExecuteSqlBinder() {}

    /**
     * @param procedures  the procedures by the name the statement gives
     * @param values      the RPC's parameters after the fixed ones (statement, declarations, handle)
     * @param firstValue  the ordinal of the first of them in the RPC
     * @param leadOutputs outputs answered before the variables' (sp_prepexec's handle)
     */
    static ProcedureInvocation bind(
            Function<String, Optional<Procedure>> procedures,
            PreparedCall prepared,
            List<RpcParameter> values,
            int firstValue,
            List<OutputParameter> leadOutputs) {
        ExecStatement statement = prepared.statement();
        Procedure procedure = procedures
                .apply(statement.procedureName())
                .orElseThrow(() -> SqlException.of(SqlErrors.unknownProcedure(statement.procedureName())));
        List<Variable> variables = SentVariables.match(prepared.declarations(), values, firstValue);
        // The variables that came with a value, by declaration: a declared variable sent no value is undeclared.
        Variable[] byDeclaration = SentVariables.byDeclaration(prepared.declarations(), variables);
        if (statement.returnVariable() != null) {
            declared(byDeclaration, prepared.returnDeclaration(), statement.returnVariable());
        }
        ProcedureArguments arguments = new ProcedureArguments(procedure);
        String[] assignedFrom = new String[byDeclaration.length];
        for (int position = 0; position < statement.arguments().size(); position++) {
            ExecStatement.Argument argument = statement.arguments().get(position);
            String parameter = arguments.parameterFor(argument.parameter(), position);
            if (argument.value() instanceof Expression.Literal literal) {
                arguments.put(parameter, literal.value().value());
                continue;
            }
            int declaration = prepared.argumentDeclaration(position);
            arguments.put(
                    parameter,
                    declared(byDeclaration, declaration, argument.variable())
                            .sent()
                            .value()
                            .value());
            if (argument.output()) {
                assignedFrom[declaration] = parameter;
            }
        }
        List<OutputParameter> outputs = new ArrayList<>(leadOutputs);
        for (Variable variable : variables) {
            if (variable.sent().output()) {
                outputs.add(output(prepared, variable, assignedFrom[variable.declaration()]));
            }
        }
        return new ProcedureInvocation(procedure, new ProcedureCall(arguments.values()), List.copyOf(outputs));
    }

    private static Variable declared(Variable[] byDeclaration, int declaration, String name) {
        Variable found = declaration == Declarations.NONE ? null : byDeclaration[declaration];
        if (found == null) {
            throw SqlException.of(SqlErrors.undeclared(name));
        }
        return found;
    }

    /**
     * @param parameter the procedure's parameter whose output is assigned to the variable, or null
     */
    private static OutputParameter output(PreparedCall prepared, Variable variable, String parameter) {
        String name = SentVariables.name(prepared.declarations(), variable);
        if (variable.declaration() == prepared.returnDeclaration()) {
            return new OutputParameter(
                    variable.ordinal(), name, variable.sent().value().type(), result -> result.returnStatus());
        }
        if (parameter == null) {
            return SentVariables.unchanged(prepared.declarations(), variable);
        }
        Object input = variable.sent().value().value();
        return new OutputParameter(
                variable.ordinal(),
                name,
                variable.sent().value().type(),
                result -> result.hasOutput(parameter) ? result.output(parameter) : input);
    }
}
