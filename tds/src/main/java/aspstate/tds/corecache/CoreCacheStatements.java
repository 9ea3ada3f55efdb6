package aspstate.tds.corecache;

import aspstate.core.corecache.CacheEntry;
import aspstate.core.store.SessionStore;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.RowSet;
import aspstate.tds.statement.BoundStatement;
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
 * in the one store of cache entries under keys of its own ({@link aspstate.tds.statement.TableKeys}).
 *
 * <p>Every table exists, as far as these statements go: a table needs no creating to be used, and creating one is
 * accepted every time, so that a cache works before, after and without {@code dotnet sql-cache create}, on every
 * node of a cluster, and after a restart of a server that keeps nothing. The tool's table-info query therefore finds
 * no table, and the tool creates it (its --idempotent script too).
 */
public final class CoreCacheStatements {
    /** The UPDATE that renews a sliding expiration: a Refresh, and the first half of a Get. */
    private static final String RENEW = """
            UPDATE {table} SET ExpiresAtTime = (CASE WHEN DATEDIFF(SECOND, @UtcNow, AbsoluteExpiration)
                <= SlidingExpirationInSeconds THEN AbsoluteExpiration
                ELSE DATEADD(SECOND, SlidingExpirationInSeconds, @UtcNow) END)
            WHERE Id = @Id AND @UtcNow <= ExpiresAtTime AND SlidingExpirationInSeconds IS NOT NULL
                AND (AbsoluteExpiration IS NULL OR AbsoluteExpiration <> ExpiresAtTime);
            """;
    static final String GET = RENEW + """
            SELECT Value FROM {table} WHERE Id = @Id AND @UtcNow <= ExpiresAtTime;
            """;
    static final String REFRESH = RENEW;
    static final String SET = """
            DECLARE @ExpiresAtTime DATETIMEOFFSET;
            SET @ExpiresAtTime = (CASE WHEN (@SlidingExpirationInSeconds IS NULL) THEN @AbsoluteExpiration
                ELSE DATEADD(SECOND, CONVERT(bigint, @SlidingExpirationInSeconds), @UtcNow) END);
            UPDATE {table} SET Value = @Value, ExpiresAtTime = @ExpiresAtTime,
                SlidingExpirationInSeconds = @SlidingExpirationInSeconds, AbsoluteExpiration = @AbsoluteExpiration
            WHERE Id = @Id
            IF (@@ROWCOUNT = 0)
            BEGIN
                INSERT INTO {table} (Id, Value, ExpiresAtTime, SlidingExpirationInSeconds, AbsoluteExpiration)
                VALUES (@Id, @Value, @ExpiresAtTime, @SlidingExpirationInSeconds, @AbsoluteExpiration);
            END
            """;
    static final String REMOVE = "DELETE FROM {table} WHERE Id = @Id";
    static final String DELETE_EXPIRED = "DELETE FROM {table} WHERE @UtcNow > ExpiresAtTime";
    /** The tool's question whether the table exists. */
    static final String TABLE_INFO = """
            SELECT TABLE_CATALOG, TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM INFORMATION_SCHEMA.TABLES
            WHERE TABLE_SCHEMA = {'schema'} AND TABLE_NAME = {'table'}
            """;
    static final String CREATE_TABLE = """
            CREATE TABLE {table} (Id nvarchar(449) COLLATE SQL_Latin1_General_CP1_CS_AS NOT NULL,
                Value varbinary(MAX) NOT NULL, ExpiresAtTime datetimeoffset NOT NULL,
                SlidingExpirationInSeconds bigint NULL, AbsoluteExpiration datetimeoffset NULL, PRIMARY KEY (Id))
            """;
    static final String CREATE_INDEX = "CREATE NONCLUSTERED INDEX Index_ExpiresAtTime ON {table} (ExpiresAtTime)";
    /** {@code dotnet sql-cache script --idempotent}: the table and index unless the table-info query finds them. */
    static final String IDEMPOTENT_SCRIPT = "IF NOT EXISTS (" + TABLE_INFO + ") BEGIN " + CREATE_TABLE + CREATE_INDEX
            + " END";

    /** INFORMATION_SCHEMA.TABLES' columns: sysname, nullable but for TABLE_NAME, and TABLE_TYPE varchar(10). */
    private static final int SYSNAME_LENGTH = 128;
    private static final List<Column<?>> TABLE_INFO_COLUMNS = List.of(
            new Column<>("TABLE_CATALOG", NVarCharType.ofCharacters(SYSNAME_LENGTH), true),
            new Column<>("TABLE_SCHEMA", NVarCharType.ofCharacters(SYSNAME_LENGTH), true),
            new Column<>("TABLE_NAME", NVarCharType.ofCharacters(SYSNAME_LENGTH), false),
            new Column<>("TABLE_TYPE", SingleByteCharType.varchar(10), true));
    private static final ProcedureResult NO_TABLE = ProcedureResult.of(Map.of(),
            List.of(new RowSet(TABLE_INFO_COLUMNS, List.of())));
    private static final ProcedureResult DONE = ProcedureResult.of(Map.of());

    private CoreCacheStatements() {
    }

    public static StatementCatalog create(SessionStore<CacheEntry> entries) {
        return new StatementCatalog(List.of(
                ServedStatement.of(GET, match -> new CacheTable(entries, match.name("table")).get()),
                ServedStatement.of(REFRESH, match -> new CacheTable(entries, match.name("table")).refresh()),
                ServedStatement.of(SET, match -> new CacheTable(entries, match.name("table")).set()),
                ServedStatement.of(REMOVE, match -> new CacheTable(entries, match.name("table")).remove()),
                ServedStatement.of(DELETE_EXPIRED,
                        match -> new CacheTable(entries, match.name("table")).deleteExpired()),
                ServedStatement.of(TABLE_INFO, match -> BoundStatement.answering("CacheTableInfo", NO_TABLE)),
                ServedStatement.of(CREATE_TABLE, match -> BoundStatement.answering("CreateCacheTable", DONE)),
                ServedStatement.of(CREATE_INDEX, match -> BoundStatement.answering("CreateCacheIndex", DONE)),
                ServedStatement.of(IDEMPOTENT_SCRIPT, match -> BoundStatement.answering("CreateCacheTable", DONE))));
    }
}
