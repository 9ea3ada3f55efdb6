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
import aspstate.tds.rpc.ProcedureRunner;
import aspstate.tds.sqlstate.AspStateCatalog;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Collections;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The ASPState procedures over memory stores, called through the real mssql-jdbc driver in the order ASP.NET's
 * SqlSessionStateStore calls them; time moves only when a test advances the clock.
 */
@Timeout(60)
class AspStateJdbcTest {
    private static final Instant START = Instant.parse("2026-11-21T08:00:00Z");
    /** Not UTC, so that a v1 @lockDate in UTC would show. */
    private static final ZoneId SERVER_ZONE = ZoneId.of("Asia/Kolkata");

    private static final String APP_NAME = "/LM/W3SVC/1/ROOT/SessionStateSerialization";
    private static final int TIMEOUT_MINUTES = 20;

    private final ManualClock clock = new ManualClock(START.toEpochMilli());
    private final MemorySessionStore<SqlSessionItem> sessions =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(64 << 20));
    private final MemorySessionStore<AppRegistration> appIds =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(1 << 20));
    private final TestServer server =
            new TestServer(AspStateCatalog.create(sessions, appIds, new SqlStateServerProcedures(), SERVER_ZONE));

    @AfterEach
    void stop() {
        server.close();
        sessions.close();
        appIds.close();
    }

    /** The outputs of a v3 get, and the SessionItemLong result set's value if there was one. */
    private record Got(
            byte[] itemShort,
            Boolean locked,
            Integer lockAge,
            Integer lockCookie,
            Integer actionFlags,
            byte[] itemLong) {}

    private static Got get3(Connection connection, String procedure, String id) throws SQLException {
        return get(connection, procedure, id, true);
    }

    /** A v2 get: as v3 without @actionFlags. */
    private static Got get2(Connection connection, String procedure, String id) throws SQLException {
        return get(connection, procedure, id, false);
    }

    private static Got get(Connection connection, String procedure, String id, boolean actionFlags)
            throws SQLException {
        String placeholders = actionFlags ? "?, ?, ?, ?, ?, ?" : "?, ?, ?, ?, ?";
        try (CallableStatement call = connection.prepareCall("{call dbo." + procedure + "(" + placeholders + ")}")) {
            call.setString(1, id);
            call.registerOutParameter(2, Types.VARBINARY);
            call.registerOutParameter(3, Types.BIT);
            call.registerOutParameter(4, Types.INTEGER);
            call.registerOutParameter(5, Types.INTEGER);
            if (actionFlags) {
                call.registerOutParameter(6, Types.INTEGER);
            }
            byte[] itemLong = null;
            if (call.execute()) {
                try (ResultSet rows = call.getResultSet()) {
                    assertThat(rows.getMetaData().getColumnName(1)).isEqualTo("SessionItemLong");
                    assertThat(rows.next()).isTrue();
                    itemLong = rows.getBytes(1);
                    assertThat(rows.next()).isFalse();
                }
                assertThat(call.getMoreResults()).isFalse();
            }
            return new Got(
                    call.getBytes(2),
                    (Boolean) call.getObject(3),
                    (Integer) call.getObject(4),
                    (Integer) call.getObject(5),
                    actionFlags ? (Integer) call.getObject(6) : null,
                    itemLong);
        }
    }

    /** Calls a procedure without outputs, each argument bound with the type the driver picks for it. */
    private static void exec(Connection connection, String procedure, Object... arguments) throws SQLException {
        String placeholders = String.join(", ", Collections.nCopies(arguments.length, "?"));
        try (CallableStatement call = connection.prepareCall("{call dbo." + procedure + "(" + placeholders + ")}")) {
            for (int i = 0; i < arguments.length; i++) {
                call.setObject(i + 1, arguments[i]);
            }
            call.execute();
        }
    }

    private static int appId(Connection connection, String appName) throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo.TempGetAppID(?, ?)}")) {
            call.setString(1, appName);
            call.registerOutParameter(2, Types.INTEGER);
            call.execute();
            return call.getInt(2);
        }
    }

    private static String sessionId(int appId) {
        return "abcdefghijklmnopqrstuvwx" + String.format("%08x", appId);
    }

    private static void assertMissing(Got got) {
        assertThat(got).isEqualTo(new Got(null, null, null, null, null, null));
    }

    private static byte[] bytes(int length, int seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    @Test
    void newSessionFollowsTheAspNetCallSequence() throws SQLException {
        try (Connection connection = server.connect()) {
            int appId = appId(connection, APP_NAME);
            assertThat(appId).isEqualTo(-855047175);
            String id = sessionId(appId);
            assertThat(id).endsWith("cd0903f9");

            assertMissing(get3(connection, "TempGetStateItemExclusive3", id));
            byte[] empty = {2, 0, 0, 0, 0, 0, (byte) 0xFF};
            exec(connection, "TempInsertUninitializedItem", id, empty, TIMEOUT_MINUTES);

            Got locked = get3(connection, "TempGetStateItemExclusive3", id);
            assertThat(locked.locked()).isFalse();
            assertThat(locked.lockAge()).isZero();
            assertThat(locked.actionFlags()).isEqualTo(1);
            assertThat(locked.lockCookie()).isEqualTo(SqlSessionItem.INITIAL_COOKIE + 1);
            assertThat(locked.itemShort()).isEqualTo(empty);
            assertThat(locked.itemLong()).isNull();

            byte[] data = bytes(300, 1);
            exec(connection, "TempUpdateStateItemShort", id, data, TIMEOUT_MINUTES, locked.lockCookie());

            Got read = get3(connection, "TempGetStateItem3", id);
            assertThat(read.itemShort()).isEqualTo(data);
            assertThat(read.locked()).isFalse();
            assertThat(read.actionFlags()).isZero();
            assertThat(appId(connection, APP_NAME.toLowerCase()))
                    .as("the same id, case-insensitively")
                    .isEqualTo(appId);
        }
    }

    /**
     * A full store is answered with SQL Server's error for a full database (not "failed inside the server:
     * aspstate.core.store.StoreFullException: ..."), and logged as the store's grouped line alone, without a stack
     * trace.
     */
    @Test
    void aFullStoreIsAnsweredAsAFullDatabaseWithoutJavaNamesOrAStackTrace() throws SQLException {
        MemorySessionStore<SqlSessionItem> tiny =
                new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(64 << 10));
        try (TestServer small = new TestServer(
                        AspStateCatalog.create(tiny, appIds, new SqlStateServerProcedures(), SERVER_ZONE));
                CapturedLog runnerLog = new CapturedLog(ProcedureRunner.class, ch.qos.logback.classic.Level.DEBUG);
                Connection connection = small.connect()) {
            assertThatThrownBy(() ->
                            exec(connection, "TempInsertStateItemLong", "full", bytes(100_000, 1), TIMEOUT_MINUTES))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1105);
                        assertThat(e.getMessage())
                                .contains("session store is full")
                                .doesNotContain("Exception", "aspstate.");
                    });
            assertThat(runnerLog.events()).isEmpty();
            exec(connection, "TempInsertStateItemShort", "fits", bytes(100, 2), TIMEOUT_MINUTES);
        } finally {
            tiny.close();
        }
    }

    @Test
    void longItemComesBackAsTheSessionItemLongResultSet() throws SQLException {
        byte[] big = bytes(10_000, 2);
        try (Connection connection = server.connect()) {
            exec(connection, "TempInsertStateItemLong", "long", big, TIMEOUT_MINUTES);
            Got got = get3(connection, "TempGetStateItemExclusive3", "long");
            assertThat(got.itemLong()).isEqualTo(big);
            assertThat(got.itemShort()).isNull();
            assertThat(got.locked()).isFalse();

            byte[] small = bytes(100, 3);
            exec(connection, "TempUpdateStateItemShortNullLong", "long", small, TIMEOUT_MINUTES, got.lockCookie());
            Got shrunk = get3(connection, "TempGetStateItem3", "long");
            assertThat(shrunk.itemShort()).isEqualTo(small);
            assertThat(shrunk.itemLong()).isNull();
        }
    }

    /** The v2 gets answer no @actionFlags and leave the uninitialized flag for a v3 get to report. */
    @Test
    void v2GetsLeaveTheUninitializedFlag() throws SQLException {
        try (Connection connection = server.connect()) {
            exec(connection, "TempInsertUninitializedItem", "v2", new byte[] {7}, TIMEOUT_MINUTES);
            Got exclusive = get2(connection, "TempGetStateItemExclusive2", "v2");
            assertThat(exclusive.itemShort()).containsExactly(7);
            assertThat(exclusive.locked()).isFalse();
            assertThat(exclusive.lockCookie()).isEqualTo(SqlSessionItem.INITIAL_COOKIE + 1);
            clock.advance(Duration.ofSeconds(12));
            Got busy = get2(connection, "TempGetStateItem2", "v2");
            assertThat(busy.locked()).isTrue();
            assertThat(busy.lockAge()).isEqualTo(12);
            assertThat(busy.itemShort()).isNull();
            exec(connection, "TempReleaseStateItemExclusive", "v2", exclusive.lockCookie());
            assertThat(get3(connection, "TempGetStateItem3", "v2").actionFlags())
                    .isEqualTo(1);
        }
    }

    /** ASP.NET picks Update Long when a session grows past 7000 bytes, LongNullShort when it was short before. */
    @Test
    void longUpdatesReplaceTheLongItemAndLongNullShortClearsTheShortOne() throws SQLException {
        try (Connection connection = server.connect()) {
            exec(connection, "TempInsertStateItemShort", "grow", bytes(100, 6), TIMEOUT_MINUTES);
            int cookie = get3(connection, "TempGetStateItemExclusive3", "grow").lockCookie();
            byte[] grown = bytes(9000, 7);
            exec(connection, "TempUpdateStateItemLongNullShort", "grow", grown, TIMEOUT_MINUTES, cookie);
            Got afterGrowth = get3(connection, "TempGetStateItemExclusive3", "grow");
            assertThat(afterGrowth.itemLong()).isEqualTo(grown);
            assertThat(afterGrowth.itemShort()).isNull();

            byte[] regrown = bytes(12_000, 8);
            exec(connection, "TempUpdateStateItemLong", "grow", regrown, TIMEOUT_MINUTES, afterGrowth.lockCookie());
            Got after = get3(connection, "TempGetStateItem3", "grow");
            assertThat(after.itemLong()).isEqualTo(regrown);
            assertThat(after.locked()).isFalse();
            exec(connection, "TempUpdateStateItemLong", "grow", bytes(10, 9), TIMEOUT_MINUTES, 999);
            assertThat(get3(connection, "TempGetStateItem3", "grow").itemLong())
                    .as("wrong cookie: unchanged")
                    .isEqualTo(regrown);
        }
    }

    /**
     * GetHashCode hashes its input as given, trailing spaces included (the shipped loop runs over its DATALENGTH);
     * TempGetAppID lower-cases the name first, then hashes it.
     */
    @Test
    void getHashCodeIsTheHashOfTheAppIdWithoutLowerCasing() throws SQLException {
        try (Connection connection = server.connect()) {
            assertThat(hashCode(connection, "/lm/w3svc/1/root")).isEqualTo(538231025);
            assertThat(hashCode(connection, "/lm/w3svc/1/root  "))
                    .isNotEqualTo(538231025)
                    .isEqualTo(aspstate.core.sqlstate.AppIds.hash("/lm/w3svc/1/root  "));
            assertThat(hashCode(connection, "/LM/W3SVC/1/ROOT")).isNotEqualTo(538231025);
            assertThat(hashCode(connection, APP_NAME.toLowerCase())).isEqualTo(-855047175);
            assertThat(hashCode(connection, null)).isNull();
        }
    }

    private static Integer hashCode(Connection connection, String input) throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo.GetHashCode(?, ?)}")) {
            call.setString(1, input);
            call.registerOutParameter(2, Types.INTEGER);
            call.execute();
            return (Integer) call.getObject(2);
        }
    }

    @Test
    void lockedSessionAnswersItsLockAgeAndNoDataUntilReleased() throws SQLException {
        byte[] data = bytes(50, 4);
        try (Connection connection = server.connect()) {
            exec(connection, "TempInsertStateItemShort", "locked", data, TIMEOUT_MINUTES);
            int cookie =
                    get3(connection, "TempGetStateItemExclusive3", "locked").lockCookie();
            clock.advance(Duration.ofSeconds(30));

            Got busy = get3(connection, "TempGetStateItemExclusive3", "locked");
            assertThat(busy.locked()).isTrue();
            assertThat(busy.lockAge()).isEqualTo(30);
            assertThat(busy.lockCookie()).isEqualTo(cookie);
            assertThat(busy.itemShort()).isNull();

            exec(connection, "TempReleaseStateItemExclusive", "locked", cookie);
            Got released = get3(connection, "TempGetStateItemExclusive3", "locked");
            assertThat(released.locked()).isFalse();
            assertThat(released.itemShort()).isEqualTo(data);
            assertThat(released.lockCookie()).isEqualTo(cookie + 1);
        }
    }

    @Test
    void v1GetAnswersTheLockDateInTheServersLocalTime() throws SQLException {
        try (Connection connection = server.connect()) {
            exec(connection, "TempInsertStateItemShort", "v1", new byte[] {1}, TIMEOUT_MINUTES);
            exec(connection, "TempResetTimeout", "v1");
            V1 exclusive = get1(connection, "TempGetStateItemExclusive", "v1");
            assertThat(exclusive.locked()).isFalse();
            assertThat(exclusive.lockDate()).isEqualTo(LocalDateTime.ofInstant(START, SERVER_ZONE));
            clock.advance(Duration.ofSeconds(5));
            V1 shared = get1(connection, "TempGetStateItem", "v1");
            assertThat(shared.locked())
                    .as("the non-exclusive v1 get sees the lock")
                    .isTrue();
            assertThat(shared.lockDate()).isEqualTo(LocalDateTime.ofInstant(START, SERVER_ZONE));
            assertThat(shared.itemShort()).isNull();
        }
    }

    /** The outputs of a v1 get: @lockDate (local time) in place of @lockAge. */
    private record V1(byte[] itemShort, boolean locked, LocalDateTime lockDate) {}

    private static V1 get1(Connection connection, String procedure, String id) throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo." + procedure + "(?, ?, ?, ?, ?)}")) {
            call.setString(1, id);
            call.registerOutParameter(2, Types.VARBINARY);
            call.registerOutParameter(3, Types.BIT);
            call.registerOutParameter(4, Types.TIMESTAMP);
            call.registerOutParameter(5, Types.INTEGER);
            call.execute();
            return new V1(
                    call.getBytes(2), call.getBoolean(3), call.getTimestamp(4).toLocalDateTime());
        }
    }

    @Test
    void removeNeedsTheLockCookie() throws SQLException {
        try (Connection connection = server.connect()) {
            exec(connection, "TempInsertStateItemShort", "gone", new byte[] {1}, TIMEOUT_MINUTES);
            exec(connection, "TempRemoveStateItem", "gone", SqlSessionItem.INITIAL_COOKIE + 7);
            assertThat(get3(connection, "TempGetStateItem3", "gone").itemShort())
                    .containsExactly(1);
            exec(connection, "TempRemoveStateItem", "gone", SqlSessionItem.INITIAL_COOKIE);
            assertMissing(get3(connection, "TempGetStateItem3", "gone"));
        }
    }

    @Test
    void sessionExpiresAfterItsTimeoutUnlessTheTimeoutIsReset() throws SQLException {
        try (Connection connection = server.connect()) {
            exec(connection, "TempInsertStateItemShort", "reset", new byte[] {1}, TIMEOUT_MINUTES);
            exec(connection, "TempInsertStateItemShort", "idle", new byte[] {2}, TIMEOUT_MINUTES);
            clock.advance(Duration.ofMinutes(TIMEOUT_MINUTES - 1));
            exec(connection, "TempResetTimeout", "reset");
            clock.advance(Duration.ofMinutes(2));
            assertMissing(get3(connection, "TempGetStateItem3", "idle"));
            assertThat(get3(connection, "TempGetStateItem3", "reset").itemShort())
                    .containsExactly(1);
            clock.advance(Duration.ofMinutes(TIMEOUT_MINUTES).plusSeconds(1));
            exec(connection, "DeleteExpiredSessions");
            assertMissing(get3(connection, "TempGetStateItem3", "reset"));
        }
    }

    @Test
    void duplicateInsertIs2627AndTheConnectionStaysUsable() throws SQLException {
        try (Connection connection = server.connect()) {
            exec(connection, "TempInsertStateItemShort", "dup", new byte[] {1}, TIMEOUT_MINUTES);
            assertThatThrownBy(
                            () -> exec(connection, "TempInsertStateItemShort", "dup", new byte[] {2}, TIMEOUT_MINUTES))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Violation of PRIMARY KEY constraint 'PK__ASPState__")
                    .hasMessageContaining("Cannot insert duplicate key in object 'dbo.ASPStateTempSessions'")
                    .satisfies(e -> {
                        assertThat(((SQLException) e).getErrorCode()).isEqualTo(2627);
                        assertThat(((SQLException) e).getSQLState()).isEqualTo("23000");
                    });
            assertThat(connection.isValid(5)).isTrue();
            assertThat(get3(connection, "TempGetStateItem3", "dup").itemShort()).containsExactly(1);
        }
    }

    @Test
    void nullIdOnInsertIs515AndAMissingParameterIs201() throws SQLException {
        try (Connection connection = server.connect()) {
            assertThatThrownBy(
                            () -> exec(connection, "TempInsertStateItemShort", null, new byte[] {1}, TIMEOUT_MINUTES))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Cannot insert the value NULL into column 'SessionId'")
                    .satisfies(
                            e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(515));
            assertThatThrownBy(() -> exec(connection, "TempResetTimeout"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("expects parameter '@id'")
                    .satisfies(
                            e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(201));
            assertThat(connection.isValid(5)).isTrue();
            assertMissing(get3(connection, "TempGetStateItem3", null));
        }
    }

    @Test
    void itemShortLongerThanItsVarbinary7000IsRefusedNotCut() throws SQLException {
        try (Connection connection = server.connect()) {
            assertThatThrownBy(
                            () -> exec(connection, "TempInsertStateItemShort", "big", bytes(7001, 5), TIMEOUT_MINUTES))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("would be truncated")
                    .satisfies(
                            e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(8152));
            assertMissing(get3(connection, "TempGetStateItem3", "big"));
            exec(connection, "TempInsertStateItemShort", "big", bytes(7000, 5), TIMEOUT_MINUTES);
            assertThat(get3(connection, "TempGetStateItem3", "big").itemShort()).isEqualTo(bytes(7000, 5));
        }
    }

    @Test
    void sysobjectsQueryFindsServedProceduresOnly() throws SQLException {
        try (Connection connection = server.connect();
                Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery(
                    "Select name from sysobjects where type = 'P' and name = 'TempGetVersion'")) {
                assertThat(rows.getMetaData().getColumnName(1)).isEqualTo("name");
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString("name")).isEqualTo("TempGetVersion");
                assertThat(rows.next()).isFalse();
            }
            try (ResultSet rows = statement.executeQuery(
                    "Select name from sysobjects where type = 'P' and name = 'NoSuchProcedure'")) {
                assertThat(rows.next()).isFalse();
            }
        }
    }

    @Test
    void versionProbesAnswerTheSchemaAndServerVersions() throws SQLException {
        try (Connection connection = server.connect()) {
            try (CallableStatement call = connection.prepareCall("{call dbo.TempGetVersion(?)}")) {
                call.registerOutParameter(1, Types.CHAR);
                call.execute();
                assertThat(call.getString(1)).isEqualTo("2         ");
            }
            try (CallableStatement call = connection.prepareCall("{call dbo.GetMajorVersion(?)}")) {
                call.registerOutParameter(1, Types.INTEGER);
                call.execute();
                assertThat(call.getInt(1)).isEqualTo(SqlStateServerProcedures.DEFAULT_MAJOR_VERSION);
            }
        }
    }
}
