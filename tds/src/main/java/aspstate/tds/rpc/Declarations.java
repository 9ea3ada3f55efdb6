package aspstate.tds.rpc;

import aspstate.tds.sql.ParameterDeclarations.Declaration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parameters an sp_executesql or sp_prepexec call declares in its @params, with each one's index by name
 * (variable names compare case-insensitively under the server's collation; the first of two alike wins).
 */
final class Declarations {
    /** No declaration of that name. */
    static final int NONE = -1;

    private final List<Declaration> declarations;
    private final Map<String, Integer> byName = new HashMap<>();

    Declarations(List<Declaration> declarations) {
        this.declarations = List.copyOf(declarations);
        for (int i = 0; i < declarations.size(); i++) {
            byName.putIfAbsent(key(declarations.get(i).name()), i);
        }
    }

    int size() {
        return declarations.size();
    }

    Declaration get(int index) {
        return declarations.get(index);
    }

    /** The index of the declaration of that name (any case), or {@link #NONE}. */
    int indexOf(String name) {
        return byName.getOrDefault(key(name), NONE);
    }

    private static String key(String variable) {
        return variable.toLowerCase(Locale.ROOT);
    }
}
