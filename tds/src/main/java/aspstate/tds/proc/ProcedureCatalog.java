package aspstate.tds.proc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The procedures the server serves, looked up as clients name them: {@code Proc}, {@code dbo.Proc},
 * {@code [dbo].[Proc]} or {@code ASPState.dbo.Proc}, case-insensitively (the server's collation is
 * case-insensitive). Any database is accepted, since operators name theirs; the schema, when given, must be dbo
 * ({@code db..Proc} leaves it to the default, dbo).
 */
public final class ProcedureCatalog {
    private static final String SCHEMA = "dbo";
    private static final int MAX_NAME_PARTS = 3;

    private final Map<String, Procedure> byName = new HashMap<>();

    public ProcedureCatalog(Iterable<? extends Procedure> procedures) {
        for (Procedure procedure : procedures) {
            if (byName.putIfAbsent(key(procedure.name()), procedure) != null) {
                throw new IllegalArgumentException("two procedures named " + procedure.name());
            }
        }
    }

    /**
     * One catalog serving the procedures of both, so that one listener serves several families (ASPState and
     * SharePoint). A name in both is refused, as a database refuses a second procedure of one name.
     *
     * @throws IllegalArgumentException when a procedure name is in both
     */
    public static ProcedureCatalog combine(ProcedureCatalog first, ProcedureCatalog second) {
        List<Procedure> procedures = new ArrayList<>(first.byName.values());
        procedures.addAll(second.byName.values());
        return new ProcedureCatalog(procedures);
    }

    /** The names of the procedures, as they were created, in alphabetical order. */
    public List<String> names() {
        return byName.values().stream().map(Procedure::name).sorted(String.CASE_INSENSITIVE_ORDER).toList();
    }

    public Optional<Procedure> find(String name) {
        String[] parts = parts(name);
        if (parts.length == 0 || parts.length > MAX_NAME_PARTS) {
            return Optional.empty();
        }
        String schema = parts.length > 1 ? parts[parts.length - 2] : SCHEMA;
        if (!schema.isEmpty() && !schema.equalsIgnoreCase(SCHEMA)) {
            return Optional.empty();
        }
        return Optional.ofNullable(byName.get(key(parts[parts.length - 1])));
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** The dot-separated parts of a multi-part name, brackets removed; a dot inside brackets is part of a name. */
    private static String[] parts(String name) {
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
        return parts.toArray(String[]::new);
    }
}
