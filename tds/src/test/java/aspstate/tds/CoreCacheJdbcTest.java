package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.core.ManualClock;
import aspstate.core.corecache.CacheEntry;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.StoredValue;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * ASP.NET Core's SQL Server cache statements through mssql-jdbc, as a Java application would send them: the texts
 * of docs/spec/statements/ with a JDBC marker for every use of a parameter, so that the driver sends each use as a
 * parameter of its own (@P0, @P1...) through sp_executesql, then sp_prepexec and sp_execute. Times are the client's
 * @UtcNow, so that expiry is tested without waiting.
 */
@Timeout(60)
class CoreCacheJdbcTest {
    private static final Pattern PARAMETER =
            Pattern.compile("@(Id|Value|UtcNow|SlidingExpirationInSeconds|AbsoluteExpiration)\\b");
    private static final String TABLE = "[dbo].[JdbcCache]";
    private static final long START_MILLIS = 1_750_000_000_000L;
    private static final OffsetDateTime T = Instant.ofEpochMilli(START_MILLIS).atOffset(ZoneOffset.UTC);

    private final ManualClock clock = new ManualClock(START_MILLIS);
    private final List<MemorySessionStore<?>> stores = new ArrayList<>();
    private final MemorySessionStore<CacheEntry> cache = store();
    private final TestServer server = new TestServer(ServedCatalogs.create(store(), store(), store(), cache));

    private <V extends StoredValue> MemorySessionStore<V> store() {
        MemorySessionStore<V> store = new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(1 << 20));
        stores.add(store);
        return store;
    }

    @AfterEach
    void close() {
        server.close();
        stores.forEach(MemorySessionStore::close);
    }

    /** A statement of the spec with a '?' for every use of a parameter, and the parameters in the order of the '?'s. */
    private record Marked(String text, List<String> parameters) {
        static Marked of(String path) {
            Matcher uses = PARAMETER.matcher(SpecStatements.text("aspnetcore-cache/" + path, TABLE));
            List<String> parameters = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            while (uses.find()) {
                parameters.add(uses.group(1));
                uses.appendReplacement(text, "?");
            }
            uses.appendTail(text);
            return new Marked(text.toString(), parameters);
        }

        PreparedStatement prepare(Connection connection, Map<String, Object> values) throws SQLException {
            PreparedStatement statement = connection.prepareStatement(text);
            bind(statement, values);
            return statement;
        }

        void bind(PreparedStatement statement, Map<String, Object> values) throws SQLException {
            for (int i = 0; i < parameters.size(); i++) {
                Object value = values.get(parameters.get(i));
                if (value == null) {
                    statement.setNull(
                            i + 1,
                            parameters.get(i).equals("SlidingExpirationInSeconds")
                                    ? Types.DOUBLE
                                    : microsoft.sql.Types.DATETIMEOFFSET);
                } else {
                    statement.setObject(i + 1, value);
                }
            }
        }
    }

    private static Map<String, Object> set(
            String id, byte[] value, Double sliding, OffsetDateTime absolute, OffsetDateTime now) {
        HashMap<String, Object> values = new HashMap<>();
        values.put("Id", id);
        values.put("Value", value);
        values.put("SlidingExpirationInSeconds", sliding);
        values.put("AbsoluteExpiration", absolute);
        values.put("UtcNow", now);
        return values;
    }

    /** A Get: the UPDATE's count, then the SELECT's one row or none. */
    private static byte[] get(Connection connection, String id, OffsetDateTime now) throws SQLException {
        try (PreparedStatement get = Marked.of("get.sql").prepare(connection, Map.of("Id", id, "UtcNow", now))) {
            assertThat(get.execute()).as("the UPDATE's count comes first").isFalse();
            assertThat(get.getUpdateCount()).isBetween(0, 1);
            assertThat(get.getMoreResults()).isTrue();
            try (ResultSet rows = get.getResultSet()) {
                return rows.next() ? rows.getBytes("Value") : null;
            }
        }
    }

    private static int update(Connection connection, String path, Map<String, Object> values) throws SQLException {
        try (PreparedStatement statement = Marked.of(path).prepare(connection, values)) {
            return statement.executeUpdate();
        }
    }

    @Test
    void aSessionsEntrySetReadRenewedAndRemoved() throws SQLException {
        byte[] first = {2, 0, 0, 0, 1};
        byte[] second = {2, 0, 0, 0, 2};
        try (Connection connection = server.connect()) {
            update(connection, "set.sql", set("session-1", first, 1200.0, null, T));
            // The same statement again and once more: sp_prepexec, then sp_execute on its handle.
            update(connection, "set.sql", set("session-1", second, 1200.0, null, T));
            update(connection, "set.sql", set("session-1", second, 1200.0, null, T));

            assertThat(get(connection, "session-1", T.plusMinutes(19))).isEqualTo(second);
            assertThat(update(connection, "refresh.sql", Map.of("Id", "session-1", "UtcNow", T.plusMinutes(38))))
                    .as("renewed at minute 19 to minute 39")
                    .isOne();
            assertThat(get(connection, "session-1", T.plusMinutes(57))).isEqualTo(second);
            assertThat(get(connection, "session-1", T.plusMinutes(78)))
                    .as("20 idle minutes after minute 57")
                    .isNull();
            // Expired by the client's clock, the row is still there to delete, as in the table until the cleanup.
            assertThat(update(connection, "remove.sql", Map.of("Id", "session-1")))
                    .isOne();
            assertThat(update(connection, "remove.sql", Map.of("Id", "session-1")))
                    .isZero();
        }
    }

    @Test
    void theAbsoluteExpirationCapsTheSlidingOne() throws SQLException {
        try (Connection connection = server.connect()) {
            update(connection, "set.sql", set("capped", new byte[] {7}, 10.0, T.plusSeconds(15), T));

            assertThat(get(connection, "capped", T.plusSeconds(8))).isNotNull();
            assertThat(get(connection, "capped", T.plusSeconds(15))).isNotNull();
            assertThat(get(connection, "capped", T.plusSeconds(16))).isNull();
        }
    }

    @Test
    void expiredEntriesAreDeletedByTheClientsClock() throws SQLException {
        try (Connection connection = server.connect()) {
            update(connection, "set.sql", set("old", new byte[] {1}, 60.0, null, T));
            update(connection, "set.sql", set("new", new byte[] {2}, 600.0, null, T));

            assertThat(update(connection, "delete-expired.sql", Map.of("UtcNow", T.plusSeconds(61))))
                    .isOne();
            assertThat(get(connection, "new", T.plusSeconds(62))).isNotNull();
        }
    }

    @Test
    void oneParameterSentAsTwoDifferentValuesIsRefused() throws SQLException {
        try (Connection connection = server.connect();
                PreparedStatement refresh =
                        connection.prepareStatement(Marked.of("refresh.sql").text())) {
            refresh.setObject(1, T);
            refresh.setLong(2, 60);
            refresh.setString(3, "id");
            refresh.setObject(4, T.plusSeconds(1));

            assertThatThrownBy(refresh::executeUpdate)
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("one value for @UtcNow");
        }
    }

    @Test
    void theCacheToolCreatesItsTableInATransactionAndFindsNoneBefore() throws SQLException {
        try (Connection connection = server.connect();
                Statement statement = connection.createStatement()) {
            try (ResultSet tables = statement.executeQuery(
                    SpecStatements.text("aspnetcore-cache/table-info.sql", "dbo", "JdbcCache"))) {
                assertThat(tables.getMetaData().getColumnCount()).isEqualTo(4);
                assertThat(tables.next()).isFalse();
            }
            connection.setAutoCommit(false);
            statement.execute(SpecStatements.text("aspnetcore-cache/create-table.sql", TABLE));
            statement.execute(SpecStatements.text("aspnetcore-cache/create-index.sql", TABLE));
            connection.commit();
        }
    }

    @Test
    void theAsyncProvidersDetectionBatchReadsAspnetRegsqlTables() throws SQLException {
        try (Connection connection = server.connect();
                Statement statement = connection.createStatement();
                ResultSet detected = statement.executeQuery(
                        SpecStatements.text("async-provider/table-detection.sql", "ASPStateTempSessions"))) {
            assertThat(detected.next()).isTrue();
            assertThat(detected.getInt(1)).isEqualTo(2);
            assertThat(detected.getInt(2)).isZero();
        }
    }
}
