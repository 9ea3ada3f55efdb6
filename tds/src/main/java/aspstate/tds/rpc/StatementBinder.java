package aspstate.tds.rpc;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.request.RpcParameter;
import aspstate.tds.sql.ShapeMatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Binds a recognized statement sent through sp_executesql, sp_prepexec or sp_execute: the RPC's values fill the
 * declared variables, and the statement reads each of its template's variables from the client's variable in its
 * place. Where the client made every use of one variable a parameter of its own (JDBC's {@code ?} markers), those
 * parameters must carry one value. Every value sent as OUTPUT is answered with the value it came with: the served
 * statements assign none of their parameters.
 */
final class StatementBinder {
    private StatementBinder() {}

    static StatementInvocation bind(
            PreparedShape prepared, List<RpcParameter> values, int firstValue, List<OutputParameter> leadOutputs) {
        Declarations declarations = prepared.declarations();
        List<SentVariables.Variable> variables = SentVariables.match(declarations, values, firstValue);
        SentVariables.Variable[] byDeclaration = SentVariables.byDeclaration(declarations, variables);
        ShapeMatch match = prepared.recognized().match();
        List<OutputParameter> outputs = new ArrayList<>(leadOutputs);
        for (SentVariables.Variable variable : variables) {
            if (variable.sent().output()) {
                outputs.add(SentVariables.unchanged(declarations, variable));
            }
        }
        return new StatementInvocation(
                prepared.recognized().statement(),
                variable -> value(match, declarations, byDeclaration, variable),
                List.copyOf(outputs));
    }

    private static Object value(
            ShapeMatch match,
            Declarations declarations,
            SentVariables.Variable[] byDeclaration,
            String templateVariable) {
        List<String> clients = match.variables(templateVariable);
        Object value = null;
        for (int i = 0; i < clients.size(); i++) {
            String client = clients.get(i);
            int declaration = declarations.indexOf(client);
            SentVariables.Variable sent = declaration == Declarations.NONE ? null : byDeclaration[declaration];
            if (sent == null) {
                throw SqlException.of(SqlErrors.undeclared(client));
            }
            Object next = sent.sent().value().value();
            if (i > 0 && !same(value, next)) {
                throw SqlException.userError(
                        SqlErrors.USER_DEFINED,
                        "This server runs this statement with one value "
                                + "for " + templateVariable + ", but " + clients.get(0) + " and " + client
                                + " carry different ones.");
            }
            value = next;
        }
        return value;
    }

    private static boolean same(Object first, Object second) {
        return first instanceof byte[] a && second instanceof byte[] b
                ? Arrays.equals(a, b)
                : Objects.equals(first, second);
    }
}
