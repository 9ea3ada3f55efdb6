package aspstate.tds.proc;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A procedure name as clients write it: {@code Proc}, {@code dbo.Proc}, {@code [dbo].[Proc]},
 * {@code ASPState.dbo.Proc} or {@code db..Proc}, brackets removed. Any database is accepted, since operators name
 * theirs, so only the schema and the name are kept.
 *
 * @param schema the schema part, empty when the name leaves it to the default
 */
public record ProcedureName(String schema, String name) {
    private static final int MAX_PARTS = 3;

    /** Empty for a name of more than three parts, which names no procedure of this server. */
    public static Optional<ProcedureName> parse(String text) {
        List<String> parts = parts(text);
        if (parts.size() > MAX_PARTS) {
            return Optional.empty();
        }
        String schema = parts.size() > 1 ? parts.get(parts.size() - 2) : "";
        return Optional.of(new ProcedureName(schema, parts.get(parts.size() - 1)));
    }

    /** Whether the schema is one of these (case-insensitively) or left to the default. */
    public boolean inSchema(String... schemas) {
        if (schema.isEmpty()) {
            return true;
        }
        for (String candidate : schemas) {
            if (candidate.equalsIgnoreCase(schema)) {
                return true;
            }
        }
        return false;
    }

    /** The dot-separated parts, brackets removed; a dot inside brackets is part of a name. */
    private static List<String> parts(String name) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean bracketed = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (bracketed) {
                if (c == ']') {
                    bracketed = false;
                } else {
                    part.append(c);
                }
            } else if (c == '[') {
                bracketed = true;
            } else if (c == '.') {
                parts.add(part.toString());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        parts.add(part.toString());
        return parts;
    }
}
