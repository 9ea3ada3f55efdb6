package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.core.ManualClock;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.tds.spstate.SharePointCatalog;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The [MS-SPSTATE] procedures over a memory store, called through the real mssql-jdbc driver as SharePoint's state
 * service calls them: @id as NVarChar, @item as varbinary; time moves only when a test advances the clock.
 */
@Timeout(60)
class SharePointJdbcTest {
    private static final Instant START = Instant.parse("2026-11-21T08:00:00Z");
    private static final int TIMEOUT_MINUTES = 20;

    private final ManualClock clock = new ManualClock(START.toEpochMilli());
    private final MemorySessionStore<SharePointStateItem> items =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(64 << 20));
    private final TestServer server = new TestServer(SharePointCatalog.create(items));

    @AfterEach
    void stop() {
        server.close();
        items.close();
    }

    /** The outputs of proc_GetItemWithoutLock or proc_GetItemWithLock; a result set would fail the test. */
    private record Got(byte[] item, Boolean locked, Integer lockAge, Integer lockCookie) {}

    private static Got get(Connection connection, String procedure, String id) throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo." + procedure + "(?, ?, ?, ?, ?)}")) {
            call.setString(1, id);
            call.registerOutParameter(2, Types.VARBINARY);
            call.registerOutParameter(3, Types.BIT);
            call.registerOutParameter(4, Types.INTEGER);
            call.registerOutParameter(5, Types.INTEGER);
            assertThat(call.execute()).as("[MS-SPSTATE] returns no result set").isFalse();
            return new Got(call.getBytes(2), (Boolean) call.getObject(3), (Integer) call.getObject(4), (Integer)
                    call.getObject(5));
        }
    }

    private static void exec(Connection connection, String procedure, Object... arguments) throws SQLException {
        StringBuilder placeholders = new StringBuilder();
        for (int i = 0; i < arguments.length; i++) {
            placeholders.append(i == 0 ? "?" : ", ?");
        }
        try (CallableStatement call = connection.prepareCall("{call dbo." + procedure + "(" + placeholders + ")}")) {
            for (int i = 0; i < arguments.length; i++) {
                call.setObject(i + 1, arguments[i]);
            }
            assertThat(call.execute()).isFalse();
        }
    }

    private static void add(Connection connection, String id, byte[] item) throws SQLException {
        exec(connection, "proc_AddItem", id, item, TIMEOUT_MINUTES);
    }

    private static byte[] bytes(int length, int seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    @Test
    void theStateServiceFlowLocksUpdatesReleasesAndDeletes() throws SQLException {
        try (Connection connection = server.connect()) {
            String id = "0f6d1e2a-7b3c-4d5e-8f90-a1b2c3d4e5f6";
            byte[] data = bytes(300, 1);
            add(connection, id, data);

            Got locked = get(connection, "proc_GetItemWithLock", id);
            assertThat(locked.item()).isEqualTo(data);
            assertThat(locked.locked()).as("unlocked before this call").isFalse();
            assertThat(locked.lockAge()).isZero();
            assertThat(locked.lockCookie()).isNotNull();

            clock.advance(Duration.ofSeconds(7));
            Got whileLocked = get(connection, "proc_GetItemWithoutLock", id);
            assertThat(whileLocked).isEqualTo(new Got(null, true, 7, locked.lockCookie()));

            byte[] updated = bytes(500, 2);
            exec(connection, "proc_UpdateItem", id, updated, TIMEOUT_MINUTES, locked.lockCookie());
            Got afterUpdate = get(connection, "proc_GetItemWithoutLock", id);
            assertThat(afterUpdate.item()).isEqualTo(updated);
            assertThat(afterUpdate.locked()).as("the update unlocks").isFalse();

            Got relocked = get(connection, "proc_GetItemWithLock", id);
            exec(connection, "proc_ReleaseItemLock", id, relocked.lockCookie() + 1);
            assertThat(get(connection, "proc_GetItemWithoutLock", id).locked())
                    .as("a wrong cookie releases nothing")
                    .isTrue();
            exec(connection, "proc_ReleaseItemLock", id, relocked.lockCookie());
            assertThat(get(connection, "proc_GetItemWithoutLock", id).item()).isEqualTo(updated);

            exec(connection, "proc_DeleteItem", id, relocked.lockCookie());
            assertThat(get(connection, "proc_GetItemWithoutLock", id)).isEqualTo(new Got(null, null, null, null));
        }
    }

    @Test
    void refreshKeepsAnItemThatWouldOtherwiseExpire() throws SQLException {
        try (Connection connection = server.connect()) {
            add(connection, "refreshed", new byte[] {1});
            add(connection, "left", new byte[] {2});
            clock.advance(Duration.ofMinutes(TIMEOUT_MINUTES - 1));
            exec(connection, "proc_RefreshItemExpiration", "refreshed");
            clock.advance(Duration.ofMinutes(2));
            exec(connection, "proc_DeleteExpiredItems");

            assertThat(get(connection, "proc_GetItemWithoutLock", "refreshed").item())
                    .containsExactly(1);
            assertThat(get(connection, "proc_GetItemWithoutLock", "left")).isEqualTo(new Got(null, null, null, null));
        }
    }

    @Test
    void aDuplicateAddIs2627AndLeavesTheConnectionAndTheItemAsTheyWere() throws SQLException {
        try (Connection connection = server.connect()) {
            add(connection, "dup", new byte[] {1});
            assertThatThrownBy(() -> add(connection, "DUP", new byte[] {2}))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Violation of PRIMARY KEY constraint")
                    .satisfies(e -> {
                        assertThat(((SQLException) e).getSQLState()).isEqualTo("23000");
                        assertThat(((SQLException) e).getErrorCode()).isEqualTo(2627);
                    });
            assertThat(get(connection, "proc_GetItemWithoutLock", "dup").item()).containsExactly(1);
        }
    }

    @Test
    void aNullIdIs2627OnAddAndFindsNothingElsewhere() throws SQLException {
        try (Connection connection = server.connect()) {
            assertThatThrownBy(() -> add(connection, null, new byte[] {1}))
                    .isInstanceOf(SQLException.class)
                    .satisfies(
                            e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(2627));
            assertThat(get(connection, "proc_GetItemWithLock", null)).isEqualTo(new Got(null, null, null, null));
            exec(connection, "proc_RefreshItemExpiration", (Object) null);
        }
    }

    @Test
    void anIdLongerThan512CharactersIsRefusedWith8152() throws SQLException {
        try (Connection connection = server.connect()) {
            assertThatThrownBy(() -> add(connection, "x".repeat(513), new byte[] {1}))
                    .isInstanceOf(SQLException.class)
                    .satisfies(
                            e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(8152));
            add(connection, "x".repeat(512), new byte[] {1});
            assertThat(get(connection, "proc_GetItemWithoutLock", "x".repeat(512))
                            .item())
                    .containsExactly(1);
        }
    }

    @Test
    void aTenMegabyteItemTravelsAsVarbinaryMaxBothWays() throws SQLException {
        try (Connection connection = server.connect()) {
            byte[] large = bytes(10 << 20, 3);
            add(connection, "large", large);
            assertThat(get(connection, "proc_GetItemWithoutLock", "large").item())
                    .isEqualTo(large);
        }
    }

    /**
     * jTDS speaks TDS 7.1, which has no PLP; a varbinary(max) output sent as PLP makes it fail with "Invalid packet
     * type 0x0". SQL Server sends a down-level client image instead, and so does aspstate.
     */
    @Test
    void jtdsSpeakingTds71GetsALargeItemThroughTheVarbinaryMaxOutput() throws SQLException {
        byte[] item = bytes(60_000, 9);
        try (Connection connection = server.connectJtds("")) {
            add(connection, "jtds", item);
            Got got = get(connection, "proc_GetItemWithLock", "jtds");
            assertThat(got.item()).isEqualTo(item);
            assertThat(got.locked()).isFalse();
            Got small = get(connection, "proc_GetItemWithoutLock", "absent");
            assertThat(small.item()).isNull();
            add(connection, "jtds-small", new byte[] {1, 2, 3});
            assertThat(get(connection, "proc_GetItemWithoutLock", "jtds-small").item())
                    .containsExactly(1, 2, 3);
        }
    }
}
