package aspstate.tds.rpc;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.request.RpcParameter;
import aspstate.tds.sql.ExecStatement;
import aspstate.tds.sql.Expression;
import aspstate.tds.sql.ParameterDeclarations.Declaration;
import aspstate.tds.error.SqlException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    /** A declared variable and the RPC parameter that carries its value. */
    private record Variable(int ordinal, Declaration declaration, RpcParameter sent) {
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
        List<Variable> variables = variables(prepared.declarations(), values, firstValue);
        Map<String, Variable> byName = new HashMap<>();
        for (Variable variable : variables) {
            byName.put(key(variable.declaration().name()), variable);
        }
        if (statement.returnVariable() != null) {
            declared(byName, statement.returnVariable());
        }
        ProcedureArguments arguments = new ProcedureArguments(procedure);
        Map<String, String> assignedFrom = new HashMap<>();
        for (int position = 0; position < statement.arguments().size(); position++) {
            ExecStatement.Argument argument = statement.arguments().get(position);
            String parameter = arguments.parameterFor(argument.parameter(), position);
            arguments.put(parameter, argument.value() instanceof Expression.Literal literal ? literal.value().value()
                    : declared(byName, argument.variable()).sent().value().value());
            if (argument.output()) {
                assignedFrom.put(key(argument.variable()), parameter);
            }
        }
        List<OutputParameter> outputs = new ArrayList<>(leadOutputs);
        for (Variable variable : variables) {
            if (variable.sent().output()) {
                outputs.add(output(variable, statement.returnVariable(), assignedFrom));
            }
        }
        return new ProcedureInvocation(procedure, new ProcedureCall(arguments.values()), List.copyOf(outputs));
    }

    private static List<Variable> variables(List<Declaration> declarations, List<RpcParameter> values,
                                            int firstValue) {
        List<Variable> variables = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            RpcParameter sent = values.get(i);
            Declaration declaration = sent.named() ? declaration(declarations, sent.name())
                    : i < declarations.size() ? declarations.get(i) : null;
            if (declaration == null) {
                throw SqlException.userError(SqlErrors.TOO_MANY_ARGUMENTS, "Procedure or function "
                        + "sp_executesql has too many arguments specified: value " + (i + 1) + " ("
                        + (sent.named() ? sent.name() : "unnamed") + ") has no declaration in @params.");
            }
            variables.add(new Variable(firstValue + i, declaration, sent));
        }
        return variables;
    }

    private static Declaration declaration(List<Declaration> declarations, String name) {
        return declarations.stream().filter(d -> d.name().equalsIgnoreCase(name)).findFirst().orElse(null);
    }

    private static Variable declared(Map<String, Variable> byName, String variable) {
        Variable found = byName.get(key(variable));
        if (found == null) {
            throw SqlException.of(SqlErrors.undeclared(variable));
        }
        return found;
    }

    private static OutputParameter output(Variable variable, String returnVariable, Map<String, String> assignedFrom) {
        String name = variable.sent().named() ? variable.sent().name() : variable.declaration().name();
        String variableName = variable.declaration().name();
        Object input = variable.sent().value().value();
        String parameter = assignedFrom.get(key(variableName));
        if (variableName.equalsIgnoreCase(returnVariable)) {
            return new OutputParameter(variable.ordinal(), name, variable.sent().value().type(),
                    result -> result.returnStatus());
        }
        return new OutputParameter(variable.ordinal(), name, variable.sent().value().type(),
                result -> parameter != null && result.hasOutput(parameter) ? result.output(parameter) : input);
    }

    /** Variable names compare case-insensitively under the server's collation. */
    private static String key(String variable) {
        return variable.toLowerCase(Locale.ROOT);
    }
}
