package aspstate.tds.rpc;

import aspstate.tds.sql.ExecStatement;
import aspstate.tds.sql.ParameterDeclarations.Declaration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A statement sent through sp_executesql or sp_prepexec, parsed once: the call and its declared parameters, with
 * what every execution of it would otherwise work out again (a prepared statement runs once per request): which
 * declaration each of the statement's variables names.
 */
final class PreparedCall {
    /** No declaration: a literal argument, or a variable the statement uses but @params does not declare. */
    static final int NONE = -1;

    private final ExecStatement statement;
    private final List<Declaration> declarations;
    /** Lower-cased declared name to its index in {@link #declarations}. */
    private final Map<String, Integer> declarationIndex = new HashMap<>();
    private final int[] argumentDeclarations;
    private final int returnDeclaration;

    PreparedCall(ExecStatement statement, List<Declaration> declarations) {
        this.statement = statement;
        this.declarations = List.copyOf(declarations);
        for (int i = 0; i < declarations.size(); i++) {
            declarationIndex.putIfAbsent(key(declarations.get(i).name()), i);
        }
        argumentDeclarations = new int[statement.arguments().size()];
        for (int position = 0; position < argumentDeclarations.length; position++) {
            String variable = statement.arguments().get(position).variable();
            argumentDeclarations[position] = variable == null ? NONE : declarationNamed(variable);
        }
        returnDeclaration = statement.returnVariable() == null ? NONE : declarationNamed(statement.returnVariable());
    }

    ExecStatement statement() {
        return statement;
    }

    List<Declaration> declarations() {
        return declarations;
    }

    /** The declaration the statement's argument at {@code position} passes, or {@link #NONE}. */
    int argumentDeclaration(int position) {
        return argumentDeclarations[position];
    }

    /** The declaration of {@code EXEC @ret = ...}'s variable, or {@link #NONE}. */
    int returnDeclaration() {
        return returnDeclaration;
    }

    /** The declaration of that name (any case), or {@link #NONE}. */
    int declarationNamed(String name) {
        return declarationIndex.getOrDefault(key(name), NONE);
    }

    /** Variable names compare case-insensitively under the server's collation. */
    private static String key(String variable) {
        return variable.toLowerCase(Locale.ROOT);
    }
}
