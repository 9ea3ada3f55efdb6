package aspstate.tds.system;

import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.ProcedureName;
import java.util.Arrays;
import java.util.Optional;

/**
 * The system procedures served beside the catalog's, found as SQL Server finds them: bare, or in schema sys or dbo
 * of any database ({@code sp_sproc_columns}, {@code sys.sp_sproc_columns}, {@code master..sp_sproc_columns}),
 * case-insensitively. They stay out of the catalog, so ASP.NET's sysobjects probe never lists them, as SQL
 * Server's sysobjects lists no system procedure.
 */
public final class SystemProcedures {
    private static final String[] SCHEMAS = {"sys", ProcedureCatalog.SCHEMA};

    private final ProcedureCatalog catalog;

    /** @param catalog the procedures the catalog procedures describe */
    public SystemProcedures(ProcedureCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * The procedure a call names, as every way of calling finds it (an RPC, an EXEC in a batch): one the catalog
     * serves, else a system procedure of that name in {@code currentDatabase}.
     */
    public Optional<Procedure> findCallable(String name, String currentDatabase) {
        return catalog.find(name).or(() -> find(name, currentDatabase));
    }

    /**
     * The system procedure of this name, ready to run for a connection whose database is {@code currentDatabase};
     * look it up for every call, as the connection's database may change between calls.
     */
    public Optional<Procedure> find(String name, String currentDatabase) {
        return ProcedureName.parse(name)
                .filter(parsed -> parsed.inSchema(SCHEMAS))
                .flatMap(parsed -> Arrays.stream(SprocColumns.Version.values())
                        .filter(version -> version.procedureName().equalsIgnoreCase(parsed.name()))
                        .findFirst())
                .map(version -> new SprocColumns(version, catalog, currentDatabase));
    }
}
