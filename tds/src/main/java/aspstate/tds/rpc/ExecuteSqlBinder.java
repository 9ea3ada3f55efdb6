package aspstate.tds.rpc;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.request.RpcParameter;
import aspstate.tds.sql.ExecStatement;
import aspstate.tds.sql.Expression;
import aspstate.tds.error.SqlException;
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
    /** A declared variable (its index in @params) and the RPC parameter that carries its value. */
    private record Variable(int ordinal, int declaration, RpcParameter sent) {
    }

    private ExecuteSqlBinder() {
    }

    /**
     * @param procedures  the procedures by the name the statement gives
     * @param values      the RPC's parameters after the fixed ones (statement, declarations, handle)
     * @param firstValue  the ordinal of the first of them in the RPC
     * @param leadOutputs outputs answered before the variables' (sp_prepexec's handle)
     */
    static ProcedureInvocation bind(Function<String, Optional<Procedure>> procedures, PreparedCall prepared,
                                    List<RpcParameter> values, int firstValue, List<OutputParameter> leadOutputs) {
        ExecStatement statement = prepared.statement();
        Procedure procedure = procedures.apply(statement.procedureName())
                .orElseThrow(() -> SqlException.of(SqlErrors.unknownProcedure(statement.procedureName())));
        List<Variable> variables = variables(prepared, values, firstValue);
        // The variables that came with a value, by declaration: a declared variable sent no value is undeclared.
        Variable[] byDeclaration = new Variable[prepared.declarations().size()];
        for (Variable variable : variables) {
            byDeclaration[variable.declaration()] = variable;
        }
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
            arguments.put(parameter, declared(byDeclaration, declaration, argument.variable()).sent().value().value());
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

    private static List<Variable> variables(PreparedCall prepared, List<RpcParameter> values, int firstValue) {
        List<Variable> variables = new ArrayList<>(values.size());
        int declared = prepared.declarations().size();
        for (int i = 0; i < values.size(); i++) {
            RpcParameter sent = values.get(i);
            int declaration = sent.named() ? prepared.declarationNamed(sent.name())
                    : i < declared ? i : PreparedCall.NONE;
            if (declaration == PreparedCall.NONE) {
                throw SqlException.userError(SqlErrors.TOO_MANY_ARGUMENTS, "Procedure or function "
                        + "sp_executesql has too many arguments specified: value " + (i + 1) + " ("
                        + (sent.named() ? sent.name() : "unnamed") + ") has no declaration in @params.");
            }
            variables.add(new Variable(firstValue + i, declaration, sent));
        }
        return variables;
    }

    private static Variable declared(Variable[] byDeclaration, int declaration, String name) {
        Variable found = declaration == PreparedCall.NONE ? null : byDeclaration[declaration];
        if (found == null) {
            throw SqlException.of(SqlErrors.undeclared(name));
        }
        return found;
    }

    /**
     * @param parameter the procedure's parameter whose output is assigned to the variable, or null
     */
    private static OutputParameter output(PreparedCall prepared, Variable variable, String parameter) {
        String name = variable.sent().named() ? variable.sent().name()
                : prepared.declarations().get(variable.declaration()).name();
        Object input = variable.sent().value().value();
        if (variable.declaration() == prepared.returnDeclaration()) {
            return new OutputParameter(variable.ordinal(), name, variable.sent().value().type(),
                    result -> result.returnStatus());
        }
        return new OutputParameter(variable.ordinal(), name, variable.sent().value().type(),
                result -> parameter != null && result.hasOutput(parameter) ? result.output(parameter) : input);
    }
}
