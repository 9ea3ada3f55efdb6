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
record PreparedCall(ExecStatement statement, List<Declaration> declarations, Map<String, Integer> declarationIndex,
                    int[] argumentDeclarations, int returnDeclaration) {

    /** No declaration: a literal argument, or a variable the statement uses but @params does not declare. */
    static final int NONE = -1;

    PreparedCall(ExecStatement statement, List<Declaration> declarations) {
        this(statement, declarations, indexByName(declarations), null, NONE);
    }

    PreparedCall {
        if (argumentDeclarations == null) {
            argumentDeclarations = new int[statement.arguments().size()];
            for (int position = 0; position < argumentDeclarations.length; position++) {
                String variable = statement.arguments().get(position).variable();
                argumentDeclarations[position] = variable == null ? NONE
                        : declarationIndex.getOrDefault(key(variable), NONE);
            }
            returnDeclaration = statement.returnVariable() == null ? NONE
                    : declarationIndex.getOrDefault(key(statement.returnVariable()), NONE);
        }
    }

    /** The declaration of that name (any case), or {@link #NONE}. */
    int declarationNamed(String name) {
        return declarationIndex.getOrDefault(key(name), NONE);
    }

    private static Map<String, Integer> indexByName(List<Declaration> declarations) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < declarations.size(); i++) {
            index.putIfAbsent(key(declarations.get(i).name()), i);
        }
        return index;
    }

    /** Variable names compare case-insensitively under the server's collation. */
    private static String key(String variable) {
        return variable.toLowerCase(Locale.ROOT);
    }
}
