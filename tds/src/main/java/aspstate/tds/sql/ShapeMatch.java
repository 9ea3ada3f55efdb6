package aspstate.tds.sql;

import java.util.List;
import java.util.Map;

/**
 * What a text matched by a {@link StatementShape} put in the template's placeholders: the object names and string
 * literals, and for each of the template's variables the client's variables in its places (one, or one per place
 * when the client made every use a parameter of its own).
 */
public final class ShapeMatch {
    private final Map<String, List<String>> names;
    private final Map<String, String> literals;
    private final Map<String, List<String>> variables;

    ShapeMatch(Map<String, List<String>> names, Map<String, String> literals, Map<String, List<String>> variables) {
        this.names = Map.copyOf(names);
        this.literals = Map.copyOf(literals);
        this.variables = Map.copyOf(variables);
    }

    /** The parts of the name in {@code {placeholder}}, brackets removed: [name], [schema, name] or [db, schema, name]. */
    public List<String> name(String placeholder) {
        return get(names, placeholder, "{" + placeholder + "}");
    }

    /** The value of the string literal in {@code {'placeholder'}}. */
    public String literal(String placeholder) {
        return get(literals, placeholder, "{'" + placeholder + "'}");
    }

    /** The client's variables in the places of the template's {@code variable} (e.g. {@code @Id}), in text order. */
    public List<String> variables(String variable) {
        return get(variables, key(variable), variable);
    }

    static String key(String variable) {
        return variable.toLowerCase(java.util.Locale.ROOT);
    }

    private static <T> T get(Map<String, T> map, String key, String what) {
        T value = map.get(key);
        if (value == null) {
            throw new IllegalArgumentException("the shape has no " + what);
        }
        return value;
    }
}
