package aspstate.tds.corecache;

import aspstate.core.corecache.CacheEntry;
import aspstate.core.store.SessionStore;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.RowSet;
import aspstate.tds.statement.BoundStatement;
import aspstate.tds.statement.ClientTexts;
import aspstate.tds.statement.ServedStatement;
import aspstate.tds.statement.StatementCatalog;
import aspstate.tds.token.Column;
import aspstate.tds.type.NVarCharType;
import aspstate.tds.type.SingleByteCharType;
import java.util.List;
import java.util.Map;

/**
 * The statements of ASP.NET Core's distributed SQL Server cache (Microsoft.Extensions.Caching.SqlServer, which
 * ASP.NET Core's session middleware keeps sessions in) and of {@code dotnet sql-cache create}, which makes its table
 * (docs/spec/aspnetcore-sql-cache.md). Each statement names its table, {@code [schema].[table]}; every table is kept
 * in the one store of cache entries under keys of its own ({@link aspstate.core.store.TableKeys}).
 *
 * <p>Every table exists, as far as these statements go: a table needs no creating to be used, and creating one is
 * accepted every time, so that a cache works before, after and without {@code dotnet sql-cache create}, on every
 * node of a cluster, and after a restart of a server that keeps nothing. The tool's table-info query therefore finds
 * no table, and the tool creates it (its --idempotent script too).
 */
public final class CoreCacheStatements {
    static final String GET = statement("get.sql");
    /** The UPDATE that renews a sliding expiration, which a Get begins with. */
    static final String REFRESH = statement("refresh.sql");

    static final String SET = statement("set.sql");
    static final String REMOVE = statement("remove.sql");
    static final String DELETE_EXPIRED = statement("delete-expired.sql");
    /** The tool's question whether the table exists. */
    static final String TABLE_INFO = ClientTexts.template("aspnetcore-cache/table-info.sql", "schema", "table");

    static final String CREATE_TABLE = statement("create-table.sql");
    static final String CREATE_INDEX = statement("create-index.sql");
    /** {@code dotnet sql-cache script --idempotent}: the table and index unless the table-info query finds them. */
    static final String IDEMPOTENT_SCRIPT =
            ClientTexts.template("aspnetcore-cache/idempotent-script.sql", "table", "schema", "table");

    /** INFORMATION_SCHEMA.TABLES' columns: sysname, nullable but for TABLE_NAME, and TABLE_TYPE varchar(10). */
    private static final int SYSNAME_LENGTH = 128;

    private static final List<Column<?>> TABLE_INFO_COLUMNS = List.of(
            new Column<>("TABLE_CATALOG", NVarCharType.ofCharacters(SYSNAME_LENGTH), true),
            new Column<>("TABLE_SCHEMA", NVarCharType.ofCharacters(SYSNAME_LENGTH), true),
            new Column<>("TABLE_NAME", NVarCharType.ofCharacters(SYSNAME_LENGTH), false),
            new Column<>("TABLE_TYPE", SingleByteCharType.varchar(10), true));
    private static final ProcedureResult NO_TABLE =
            ProcedureResult.of(Map.of(), List.of(new RowSet(TABLE_INFO_COLUMNS, List.of())));
    private static final ProcedureResult DONE = ProcedureResult.of(Map.of());

    private CoreCacheStatements() {}

    /** A statement of one table, {@code {table}}, as the library sends it ({@link ClientTexts}). */
    private static String statement(String file) {
        return ClientTexts.template("aspnetcore-cache/" + file, "table");
    }

    public static StatementCatalog create(SessionStore<CacheEntry> entries) {
        return new StatementCatalog(List.of(
                ServedStatement.of(GET, match -> new CacheTable(entries, match.name("table")).get()),
                ServedStatement.of(REFRESH, match -> new CacheTable(entries, match.name("table")).refresh()),
                ServedStatement.of(SET, match -> new CacheTable(entries, match.name("table")).set()),
                ServedStatement.of(REMOVE, match -> new CacheTable(entries, match.name("table")).remove()),
                ServedStatement.of(
                        DELETE_EXPIRED, match -> new CacheTable(entries, match.name("table")).deleteExpired()),
                ServedStatement.of(TABLE_INFO, match -> BoundStatement.answering("CacheTableInfo", NO_TABLE)),
                ServedStatement.of(CREATE_TABLE, match -> BoundStatement.answering("CreateCacheTable", DONE)),
                ServedStatement.of(CREATE_INDEX, match -> BoundStatement.answering("CreateCacheIndex", DONE)),
                ServedStatement.of(IDEMPOTENT_SCRIPT, match -> BoundStatement.answering("CreateCacheTable", DONE))));
    }
}
