package aspstate.tds.proc;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The procedures the server serves, looked up as clients name them ({@link ProcedureName}: {@code Proc},
 * {@code dbo.Proc}, {@code [dbo].[Proc]}, {@code ASPState.dbo.Proc}), case-insensitively (the server's collation is
 * case-insensitive). Any database is accepted, since operators name theirs; the schema, when given, must be dbo
 * ({@code db..Proc} leaves it to the default, dbo). Besides its listed procedures it serves the {@link ProcedureFamily}
 * families it was given, whose names follow a pattern.
 */
public final class ProcedureCatalog {
    /** The schema every served procedure is in. */
    public static final String SCHEMA = "dbo";

    private final Map<String, Procedure> byName = new HashMap<>();
    /**
     * The spellings clients send on every call ({@code dbo.TempGetStateItem3}, as ASP.NET does, and the bare
     * name), in the declared case: found without parsing or lower-casing the name.
     */
    private final Map<String, Procedure> byDeclaredSpelling = new HashMap<>();

    private final List<ProcedureFamily> families;

    public ProcedureCatalog(Iterable<? extends Procedure> procedures) {
        this(procedures, List.of());
    }

    /** @param families asked, in order, for a name no listed procedure has */
    public ProcedureCatalog(Iterable<? extends Procedure> procedures, List<ProcedureFamily> families) {
        this.families = List.copyOf(families);
        for (Procedure procedure : procedures) {
            if (byName.putIfAbsent(key(procedure.name()), procedure) != null) {
                throw new IllegalArgumentException("two procedures named " + procedure.name());
            }
            byDeclaredSpelling.put(procedure.name(), procedure);
            byDeclaredSpelling.put(SCHEMA + "." + procedure.name(), procedure);
        }
    }

    /**
     * One catalog serving the procedures of both, so that one listener serves several families (ASPState and
     * SharePoint). A name in both is refused, as a database refuses a second procedure of one name.
     *
     * @throws IllegalArgumentException when a procedure name is in both
     */
    public static ProcedureCatalog combine(ProcedureCatalog first, ProcedureCatalog second) {
        List<Procedure> procedures = new ArrayList<>(first.procedures());
        procedures.addAll(second.procedures());
        List<ProcedureFamily> families = new ArrayList<>(first.families);
        families.addAll(second.families);
        return new ProcedureCatalog(procedures, families);
    }

    public Optional<Procedure> find(String name) {
        Procedure declared = byDeclaredSpelling.get(name);
        if (declared != null) {
            return Optional.of(declared);
        }
        return ProcedureName.parse(name)
                .filter(parsed -> parsed.inSchema(SCHEMA))
                .flatMap(parsed -> named(parsed.name()));
    }

    /** The procedure of this bare name (no schema or brackets, any case), listed or of a family. */
    public Optional<Procedure> named(String name) {
        Procedure listed = byName.get(key(name));
        if (listed != null) {
            return Optional.of(listed);
        }
        for (ProcedureFamily family : families) {
            Optional<Procedure> found = family.find(name);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /** Every listed procedure, in no particular order; all are in schema dbo. Families' are not listed. */
    public Collection<Procedure> procedures() {
        return Collections.unmodifiableCollection(byName.values());
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
