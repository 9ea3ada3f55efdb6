package aspstate.tds.rpc;

import aspstate.tds.sql.ParameterDeclarations;
import aspstate.tds.sql.ParameterDeclarations.Declaration;
import aspstate.tds.statement.RememberedTexts;
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
    /** No declarations at all: a statement sent without @params. */
    private static final Declarations NO_PARAMETERS = new Declarations(List.of());
    /** Drivers send the same @params with every execution of a statement: each text is parsed once. */
    private static final RememberedTexts<Declarations> PARSED = new RememberedTexts<>(256, 4_000);

    private final List<Declaration> declarations;
    private final Map<String, Integer> byName = new HashMap<>();

    /** The declarations of an @params text; null declares none. */
    static Declarations of(String text) {
        return text == null
                ? NO_PARAMETERS
                : PARSED.get(text, unparsed -> new Declarations(ParameterDeclarations.parse(unparsed)));
    }

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
