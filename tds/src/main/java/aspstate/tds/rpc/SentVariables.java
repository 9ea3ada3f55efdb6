package aspstate.tds.rpc;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.request.RpcParameter;
import java.util.ArrayList;
import java.util.List;

/**
 * The values an sp_executesql, sp_prepexec or sp_execute call sent after its own parameters, each matched to the
 * declared variable it fills: by name when the client named it, else by position.
 */
final class SentVariables {
    /**
     * One value sent.
     *
     * @param ordinal     its position among the RPC's parameters, from 0
     * @param declaration the index of the declaration it fills
     */
    record Variable(int ordinal, int declaration, RpcParameter sent) {}

    private SentVariables() {}

    /**
     * @param values     the RPC's parameters after the fixed ones (statement, declarations, handle)
     * @param firstValue the ordinal of the first of them in the RPC
     * @throws SqlException 8144 for a value no declaration takes
     */
    static List<Variable> match(Declarations declarations, List<RpcParameter> values, int firstValue) {
        List<Variable> variables = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            RpcParameter sent = values.get(i);
            int declaration =
                    sent.named() ? declarations.indexOf(sent.name()) : i < declarations.size() ? i : Declarations.NONE;
            if (declaration == Declarations.NONE) {
                throw SqlException.userError(
                        SqlErrors.TOO_MANY_ARGUMENTS,
                        "Procedure or function "
                                + "sp_executesql has too many arguments specified: value " + (i + 1) + " ("
                                + (sent.named() ? sent.name() : "unnamed") + ") has no declaration in @params.");
            }
            variables.add(new Variable(firstValue + i, declaration, sent));
        }
        return variables;
    }

    /** The value of each declaration that was sent one, by declaration index; null where none was sent. */
    static Variable[] byDeclaration(Declarations declarations, List<Variable> variables) {
        Variable[] byDeclaration = new Variable[declarations.size()];
        for (Variable variable : variables) {
            byDeclaration[variable.declaration()] = variable;
        }
        return byDeclaration;
    }

    /**
     * An output the client asked for that the statement does not assign: what T-SQL answers for an OUTPUT
     * variable nothing changed, the value it came with.
     */
    static OutputParameter unchanged(Declarations declarations, Variable variable) {
        Object input = variable.sent().value().value();
        return new OutputParameter(
                variable.ordinal(),
                name(declarations, variable),
                variable.sent().value().type(),
                result -> input);
    }

    /** The name to answer an output under: the client's, or the declaration's when it sent the value unnamed. */
    static String name(Declarations declarations, Variable variable) {
        return variable.sent().named()
                ? variable.sent().name()
                : declarations.get(variable.declaration()).name();
    }
}
