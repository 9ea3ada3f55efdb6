package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.core.ManualClock;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.sqlstate.SqlStateServerProcedures;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.testing.CapturedLog;
import aspstate.tds.sqlstate.AspStateCatalog;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Text batches as a person types them into FreeTDS tsql or sqlcmd (DECLARE, EXEC with literals and OUTPUT
 * variables, SELECT of the variables), sent as SQL batches by the real mssql-jdbc driver over loopback to the
 * ASPState procedures.
 */
@Timeout(60)
class BatchJdbcTest {
    private final ManualClock clock =
            new ManualClock(Instant.parse("2026-11-21T08:00:00Z").toEpochMilli());
    private final MemorySessionStore<SqlSessionItem> sessions =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(16 << 20));
    private final MemorySessionStore<AppRegistration> appIds =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(1 << 20));
    private final TestServer server =
            new TestServer(AspStateCatalog.create(sessions, appIds, new SqlStateServerProcedures(), ZoneOffset.UTC));

    @AfterEach
    void stop() {
        server.close();
        sessions.close();
        appIds.close();
    }

    /** Runs a batch and returns the rows of every result set it answered, each row as its columns' strings. */
    private List<List<String>> rows(Connection connection, String batch) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement()) {
            boolean isResultSet = statement.execute(batch);
            while (true) {
                if (isResultSet) {
                    try (ResultSet results = statement.getResultSet()) {
                        while (results.next()) {
                            List<String> row = new ArrayList<>();
                            for (int column = 1; column <= results.getMetaData().getColumnCount(); column++) {
                                row.add(results.getString(column));
                            }
                            rows.add(row);
                        }
                    }
                } else if (statement.getUpdateCount() == -1) {
                    return rows;
                }
                isResultSet = statement.getMoreResults();
            }
        }
    }

    @Test
    void appIdThroughVariablesAsTsqlUsersWriteIt() throws SQLException {
        try (Connection connection = server.connect()) {
            assertThat(rows(
                            connection,
                            "DECLARE @x int; EXEC dbo.TempGetAppID N'/lm/w3svc/1/root', @x OUTPUT; " + "SELECT @x"))
                    .containsExactly(List.of("538231025"));
            assertThat(
                            rows(
                                    connection,
                                    "declare @id int\nexec TempGetAppID "
                                            + "@appName = '/LM/W3SVC/1/ROOT/SessionStateSerialization', @appId = @id output\nselect @id AS id"))
                    .containsExactly(List.of("-855047175"));
        }
    }

    @Test
    void aSessionRoundTripWithLiteralsAndOutputVariables() throws SQLException {
        try (Connection connection = server.connect()) {
            String id = "N'abcdefghijklmnopqrstuvwxcd0903f9'";
            assertThat(rows(connection, "EXEC dbo.TempInsertStateItemShort " + id + ", 0x0102FF, 20"))
                    .isEmpty();
            assertThat(rows(connection, """
                    DECLARE @item varbinary(7000), @locked bit, @age int, @cookie int, @flags int
                    EXEC dbo.TempGetStateItemExclusive3 %s, @item OUTPUT, @locked OUTPUT, @age OUTPUT,
                        @cookie OUTPUT, @flags OUTPUT
                    SELECT @item, @locked, @age, @cookie, @flags
                    """.formatted(id))).containsExactly(List.of("0102FF", "0", "0", "2", "0"));
            assertThat(rows(connection, """
                    DECLARE @ret int, @ver char(10)
                    EXEC @ret = dbo.TempGetVersion @ver OUT
                    SELECT @ret AS status, @ver AS version
                    """)).containsExactly(List.of("0", "2         "));
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT 2|2",
                "select -7|-7",
                "SELECT @@MAX_PRECISION|38",
                "SELECT @@TRANCOUNT|0",
                "DECLARE @x int = 5; SELECT @x|5",
                "DECLARE @x bigint; SET @x = '12'; SELECT @x|12",
                "declare @X int; set @x = 3 select @x|3",
                "DECLARE @b bit = 7; SELECT @b|1",
                "DECLARE @s nvarchar(3) = N'abcdef'; SELECT @s|abc",
                "SELECT 'It''s'|It's",
                "SELECT 0x0aFF|0AFF",
                "SELECT 0xA|0A",
                "DECLARE @t char(4) = 'ab'; SELECT @t|'ab  '",
                "SELECT NULL|",
                "DECLARE @v varbinary(2) = 0x010203; SELECT @v|0102",
                "SELECT 3000000000|3000000000",
                "DECLARE @d datetime = '2026-11-21 10:30:00'; SELECT @d|2026-11-21 10:30:00.0",
                "SELECT @@LANGUAGE|us_english",
                "DECLARE @n sysname = N'x'; SELECT @n|x"
            })
    void selectAnswersTheValueInItsType(String batch, String shown) throws SQLException {
        try (Connection connection = server.connect()) {
            assertThat(rows(connection, batch)).containsExactly(Collections.singletonList(shown));
        }
    }

    @Test
    void systemVariables() throws SQLException {
        try (Connection connection = server.connect()) {
            String version = rows(connection, "SELECT @@VERSION").get(0).get(0);
            assertThat(version).startsWith("Microsoft SQL Server 2022 - 16.0.").contains("aspstate");
            int spid = Integer.parseInt(rows(connection, "SELECT @@SPID").get(0).get(0));
            assertThat(spid).isBetween(51, 32767);
        }
    }

    @Test
    void errorsAreReportedAndTheConnectionGoesOn() throws SQLException {
        try (Connection connection = server.connect()) {
            String insert = "EXEC dbo.TempInsertStateItemShort N'abcdefghijklmnopqrstuvwxcd0903f9', 0x01, 20";
            rows(connection, insert);
            assertThatThrownBy(() -> rows(connection, insert))
                    .isInstanceOfSatisfying(
                            SQLException.class,
                            e -> assertThat(e.getErrorCode()).isEqualTo(2627));
            assertThatThrownBy(() -> rows(connection, "EXEC dbo.NoSuchProcedure 1"))
                    .isInstanceOfSatisfying(
                            SQLException.class,
                            e -> assertThat(e.getErrorCode()).isEqualTo(2812));
            assertThatThrownBy(() -> rows(connection, "SELECT @undeclared"))
                    .isInstanceOfSatisfying(
                            SQLException.class,
                            e -> assertThat(e.getErrorCode()).isEqualTo(137));
            assertThatThrownBy(() -> rows(connection, "DECLARE @x int = 'abc'"))
                    .isInstanceOfSatisfying(
                            SQLException.class,
                            e -> assertThat(e.getErrorCode()).isEqualTo(245));
            assertThatThrownBy(() -> rows(connection, "SELECT * FROM Sessions"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(102);
                        assertThat(e.getMessage()).contains("near '*' at character 8");
                    });
            assertThat(rows(connection, "SELECT 1")).containsExactly(List.of("1"));
        }
    }

    /**
     * An error quoting a 70,000-character unterminated string must neither drop the connection nor log a stack
     * trace, and one quoting 40,000 characters must not send a token whose length has wrapped.
     */
    @Test
    void anErrorQuotingAVeryLongBatchIsCutAndTheConnectionGoesOn() throws SQLException {
        try (Connection connection = server.connect();
                CapturedLog log =
                        new CapturedLog(org.slf4j.Logger.ROOT_LOGGER_NAME, ch.qos.logback.classic.Level.WARN)) {
            for (int length : new int[] {40_000, 70_000}) {
                String unterminated = "SELECT '" + "x".repeat(length);
                assertThatThrownBy(() -> rows(connection, unterminated))
                        .isInstanceOfSatisfying(SQLException.class, e -> {
                            assertThat(e.getErrorCode()).isEqualTo(102);
                            assertThat(e.getMessage())
                                    .hasSizeLessThanOrEqualTo(2047)
                                    .endsWith("...");
                        });
                assertThat(rows(connection, "SELECT 1")).containsExactly(List.of("1"));
            }
            assertThat(log.events()).isEmpty();
        }
    }

    /** mssql-jdbc ends a transaction with IF @@TRANCOUNT > 0 COMMIT TRAN (or ROLLBACK): there is none to end. */
    @Test
    void commitAndRollbackOfTheDriverAreAccepted() throws SQLException {
        try (Connection connection = server.connect()) {
            connection.setAutoCommit(false);
            assertThat(rows(connection, "SELECT 1")).containsExactly(List.of("1"));
            connection.commit();
            connection.rollback();
            connection.setAutoCommit(true);
            assertThat(rows(connection, "SELECT 2")).containsExactly(List.of("2"));
        }
    }
}
