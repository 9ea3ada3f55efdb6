package aspstate.tds.sqlstate;

import aspstate.tds.sqlstate.AsyncProviderProcedureName.Base;
import java.util.Map;

/**
 * The CREATE PROCEDURE statements Microsoft's SqlSessionStateProviderAsync sends at start for a procedure its
 * database lacks, as templates ({@link aspstate.tds.sql.StatementShape}): {@code {procedure}} is the procedure's
 * name, {@code {table}} its table's. The procedures of a table on disk (repositoryType SqlServer) and of an
 * in-memory one (InMemory, InMemoryDurable: natively compiled) differ in body, so each has two; the server
 * recognizes them, it does not run them: it serves the procedures by their names ({@link AsyncProviderCatalog}).
 */
final class AsyncProviderDefinitions {
    private static final String ID_PARAMETER = "@SessionId nvarchar(88)";
    private static final String GET_PARAMETERS = "(" + ID_PARAMETER + ", @Locked bit OUTPUT, @LockAge int OUTPUT, "
            + "@LockCookie int OUTPUT, @ActionFlags int OUTPUT)";
    private static final String INSERT_PARAMETERS = "(" + ID_PARAMETER + ", @Timeout int, "
            + "@SessionItemLong varbinary(max))";
    private static final String COOKIE_PARAMETERS = "(" + ID_PARAMETER + ", @LockCookie int)";
    private static final String NATIVE = """
            WITH NATIVE_COMPILATION, SCHEMABINDING AS
            BEGIN ATOMIC WITH (TRANSACTION ISOLATION LEVEL = SNAPSHOT, LANGUAGE = N'us_english');
            """;
    /** The uninitialized flag: reported once in @ActionFlags and cleared. */
    private static final String FLAGS = """
            Flags = CASE WHEN (Flags & 1) <> 0 THEN (Flags & ~1) ELSE Flags END,
            @ActionFlags = CASE WHEN (Flags & 1) <> 0 THEN 1 ELSE 0 END
            """;

    private static final String DISK_GET_EXCLUSIVE = "CREATE PROCEDURE {procedure} " + GET_PARAMETERS + """
             AS
            DECLARE @stateItem AS varbinary(max)
            DECLARE @now AS datetime
            DECLARE @nowLocal AS datetime
            SET @now = GETUTCDATE()
            SET @nowLocal = GETDATE()
            UPDATE {table} WITH (ROWLOCK, XLOCK)
            SET Expires = DATEADD(n, Timeout, @now),
                LockDate = CASE Locked WHEN 0 THEN @now ELSE LockDate END,
                LockDateLocal = CASE Locked WHEN 0 THEN @nowLocal ELSE LockDateLocal END,
                @LockAge = CASE Locked WHEN 0 THEN 0 ELSE DATEDIFF(second, LockDate, @now) END,
                @LockCookie = LockCookie = CASE Locked WHEN 0 THEN LockCookie + 1 ELSE LockCookie END,
                @stateItem = CASE Locked WHEN 0 THEN SessionItemLong ELSE NULL END,
                @Locked = Locked,
                Locked = 1,
            """ + FLAGS + """
            WHERE SessionId = @SessionId
            IF @stateItem IS NOT NULL BEGIN SELECT @stateItem END
            """;
    /** The non-exclusive get, the same for both kinds of table but for how it names the table. */
    private static final String GET_BODY = """
            DECLARE @stateItem AS varbinary(max)
            DECLARE @now AS datetime
            SET @now = GETUTCDATE()
            UPDATE %s
            SET Expires = DATEADD(n, Timeout, @now),
                @Locked = Locked,
                @LockAge = DATEDIFF(second, LockDate, @now),
                @LockCookie = LockCookie,
                @stateItem = CASE @Locked WHEN 0 THEN SessionItemLong ELSE NULL END,
            """ + FLAGS + """
            WHERE SessionId = @SessionId
            IF @stateItem IS NOT NULL BEGIN SELECT @stateItem END
            """;
    private static final String DISK_GET = "CREATE PROCEDURE {procedure} " + GET_PARAMETERS + " AS "
            + GET_BODY.formatted("{table} WITH (XLOCK, ROWLOCK)");
    /** The same for both kinds of table but the isolation hint, which the in-memory one leaves out. */
    private static final String DELETE_EXPIRED = """
            CREATE PROCEDURE {procedure} AS
            BEGIN
                SET NOCOUNT ON
                SET DEADLOCK_PRIORITY LOW
                DECLARE @now datetime
                SET @now = GETUTCDATE()
                CREATE TABLE #tblExpiredSessions (SessionId nvarchar(88) NOT NULL PRIMARY KEY)
                INSERT #tblExpiredSessions (SessionId) SELECT SessionId FROM {table} %s WHERE Expires < @now
                IF @@ROWCOUNT <> 0
                BEGIN
                    DECLARE ExpiredSessionCursor CURSOR LOCAL FORWARD_ONLY READ_ONLY
                        FOR SELECT SessionId FROM #tblExpiredSessions
                    DECLARE @SessionId nvarchar(88)
                    OPEN ExpiredSessionCursor
                    FETCH NEXT FROM ExpiredSessionCursor INTO @SessionId
                    WHILE @@FETCH_STATUS = 0
                    BEGIN
                        DELETE FROM {table} WHERE SessionId = @SessionId AND Expires < @now
                        FETCH NEXT FROM ExpiredSessionCursor INTO @SessionId
                    END
                    CLOSE ExpiredSessionCursor
                    DEALLOCATE ExpiredSessionCursor
                END
                DROP TABLE #tblExpiredSessions
            END
            """;
    private static final String INSERT_COLUMNS = """
            (SessionId, SessionItemLong, Timeout, Expires, Locked, LockDate, LockDateLocal, LockCookie""";
    private static final String INSERT_VALUES = """
            (@SessionId, @SessionItemLong, @Timeout, DATEADD(n, @Timeout, @now), 0, @now, @nowLocal, 1""";
    private static final String INSERT_BODY = """
            DECLARE @now AS datetime
            DECLARE @nowLocal AS datetime
            SET @now = GETUTCDATE()
            SET @nowLocal = GETDATE()
            INSERT %s
            """;
    private static final String INSERT_STATE_ITEM = INSERT_COLUMNS + ") VALUES " + INSERT_VALUES + ")";
    private static final String INSERT_UNINITIALIZED_ITEM = INSERT_COLUMNS + ", Flags) VALUES " + INSERT_VALUES
            + ", 1)";
    private static final String RELEASE_BODY = """
            UPDATE %s
            SET Expires = DATEADD(n, Timeout, GETUTCDATE()), Locked = 0
            WHERE SessionId = @SessionId AND LockCookie = @LockCookie
            """;
    private static final String REMOVE_BODY = """
            DELETE %s WHERE SessionId = @SessionId AND LockCookie = @LockCookie
            """;
    private static final String RESET_BODY = """
            UPDATE %s SET Expires = DATEADD(n, Timeout, GETUTCDATE()) WHERE SessionId = @SessionId
            """;
    private static final String UPDATE_PARAMETERS = "(" + ID_PARAMETER + ", @LockCookie int, @Timeout int, "
            + "@SessionItemLong varbinary(max))";
    private static final String UPDATE_BODY = """
            UPDATE %s
            SET Expires = DATEADD(n, @Timeout, GETUTCDATE()), SessionItemLong = @SessionItemLong,
                Timeout = @Timeout, Locked = 0
            WHERE SessionId = @SessionId AND LockCookie = @LockCookie
            """;

    private static final String NATIVE_GET_EXCLUSIVE = "CREATE PROCEDURE {procedure} " + GET_PARAMETERS + NATIVE
            + """
            DECLARE @stateItem AS varbinary(max)
            DECLARE @now AS datetime
            DECLARE @nowLocal AS datetime
            SET @now = GETUTCDATE()
            SET @nowLocal = GETDATE()
            DECLARE @LockedCheck bit
            DECLARE @Flags int
            SELECT @LockedCheck = Locked, @Flags = Flags FROM [dbo].{table} WHERE SessionId = @SessionId
            IF @Flags&1 <> 0
            BEGIN
                SET @ActionFlags = 1
                UPDATE [dbo].{table} SET Flags = Flags & ~1 WHERE SessionId = @SessionId
            END
            ELSE
                SET @ActionFlags = 0
            IF @LockedCheck = 1
            BEGIN
                UPDATE [dbo].{table}
                SET Expires = DATEADD(n, Timeout, @now),
                    @LockAge = DATEDIFF(second, LockDate, @now),
                    @LockCookie = LockCookie,
                    @Locked = 1
                WHERE SessionId = @SessionId
            END
            ELSE
            BEGIN
                UPDATE [dbo].{table}
                SET Expires = DATEADD(n, Timeout, @now),
                    LockDate = @now,
                    LockDateLocal = @nowLocal,
                    @LockAge = 0,
                    @LockCookie = LockCookie = LockCookie + 1,
                    @stateItem = SessionItemLong,
                    @Locked = 0,
                    Locked = 1
                WHERE SessionId = @SessionId
                IF @stateItem IS NOT NULL
                    SELECT @stateItem
            END
            END
            """;
    private static final String NATIVE_GET = "CREATE PROCEDURE {procedure} " + GET_PARAMETERS + NATIVE
            + GET_BODY.formatted("[dbo].{table}") + " END";

    /** By procedure, its definition for a table on disk. */
    static final Map<AsyncProviderProcedureName.Base, String> ON_DISK = Map.of(
            Base.GET_STATE_ITEM_EXCLUSIVE, DISK_GET_EXCLUSIVE,
            Base.GET_STATE_ITEM, DISK_GET,
            Base.DELETE_EXPIRED_SESSION_STATE,
            DELETE_EXPIRED.formatted("WITH (READUNCOMMITTED)"),
            Base.INSERT_STATE_ITEM, "CREATE PROCEDURE {procedure} " + INSERT_PARAMETERS
                    + " AS " + INSERT_BODY.formatted("{table} " + INSERT_STATE_ITEM),
            Base.INSERT_UNINITIALIZED_ITEM, "CREATE PROCEDURE {procedure} "
                    + INSERT_PARAMETERS + " AS " + INSERT_BODY.formatted("{table} " + INSERT_UNINITIALIZED_ITEM),
            Base.RELEASE_ITEM_EXCLUSIVE, "CREATE PROCEDURE {procedure} " + COOKIE_PARAMETERS
                    + " AS " + RELEASE_BODY.formatted("{table} WITH (ROWLOCK)"),
            Base.REMOVE_STATE_ITEM, "CREATE PROCEDURE {procedure} " + COOKIE_PARAMETERS
                    + " AS " + REMOVE_BODY.formatted("{table}"),
            Base.RESET_ITEM_TIMEOUT, "CREATE PROCEDURE {procedure} (" + ID_PARAMETER
                    + ") AS " + RESET_BODY.formatted("{table}"),
            Base.UPDATE_STATE_ITEM, "CREATE PROCEDURE {procedure} " + UPDATE_PARAMETERS
                    + " AS " + UPDATE_BODY.formatted("{table} WITH (ROWLOCK)"));

    /** By procedure, its definition for an in-memory table. */
    static final Map<AsyncProviderProcedureName.Base, String> IN_MEMORY = Map.of(
            Base.GET_STATE_ITEM_EXCLUSIVE, NATIVE_GET_EXCLUSIVE,
            Base.GET_STATE_ITEM, NATIVE_GET,
            Base.DELETE_EXPIRED_SESSION_STATE, DELETE_EXPIRED.formatted(""),
            Base.INSERT_STATE_ITEM, "CREATE PROCEDURE {procedure} " + INSERT_PARAMETERS
                    + NATIVE + INSERT_BODY.formatted("[dbo].{table} " + INSERT_STATE_ITEM) + " END",
            Base.INSERT_UNINITIALIZED_ITEM, "CREATE PROCEDURE {procedure} "
                    + INSERT_PARAMETERS + NATIVE
                    + INSERT_BODY.formatted("[dbo].{table} " + INSERT_UNINITIALIZED_ITEM) + " END",
            Base.RELEASE_ITEM_EXCLUSIVE, "CREATE PROCEDURE {procedure} " + COOKIE_PARAMETERS
                    + NATIVE + RELEASE_BODY.formatted("[dbo].{table}") + " END",
            Base.REMOVE_STATE_ITEM, "CREATE PROCEDURE {procedure} " + COOKIE_PARAMETERS
                    + NATIVE + REMOVE_BODY.formatted("[dbo].{table}") + " END",
            Base.RESET_ITEM_TIMEOUT, "CREATE PROCEDURE {procedure} (" + ID_PARAMETER + ")"
                    + NATIVE + RESET_BODY.formatted("[dbo].{table}") + " END",
            Base.UPDATE_STATE_ITEM, "CREATE PROCEDURE {procedure} " + UPDATE_PARAMETERS
                    + NATIVE + UPDATE_BODY.formatted("[dbo].{table}") + " END");

    private AsyncProviderDefinitions() {
    }
}
