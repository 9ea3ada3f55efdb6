package aspstate.tds.sqlstate;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ManualClock;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.RowSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The async provider's procedures found by the names it gives them and answering as their T-SQL does. */
class AsyncProviderCatalogTest {
    private static final String ID = "abcdefghijklmnopqrstuvwx0A1B2C3D";

    private final MemorySessionStore<SqlSessionItem> sessions =
            new MemorySessionStore<>(new ManualClock(1_700_000_000_000L), MemoryStoreSettings.withMaxMemory(1 << 20));
    private final ProcedureCatalog catalog = AsyncProviderCatalog.create(sessions);

    @AfterEach
    void close() {
        sessions.close();
    }

    private ProcedureResult call(String procedure, Map<String, Object> arguments) {
        Procedure found = catalog.find(procedure).orElseThrow(() -> new AssertionError("no " + procedure));
        return found.call(new ProcedureCall(arguments)).toCompletableFuture().join();
    }

    private static Map<String, Object> get(String id) {
        Map<String, Object> arguments = new HashMap<>();
        arguments.put("@SessionId", id);
        for (String output : List.of("@Locked", "@LockAge", "@LockCookie", "@ActionFlags")) {
            arguments.put(output, null);
        }
        return arguments;
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "GetStateItemExclusive",
                "dbo.GetStateItemExclusiveM",
                "[dbo].[GetStateItemExclusiveMD]",
                "MySessions_GetStateItemExclusive",
                "my_sessions_getstateitemexclusive",
                "UpdateStateItem",
                "DeleteExpiredSessionState"
            })
    void everyNameTheProviderGivesIsServed(String name) {
        assertThat(catalog.find(name)).isPresent();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "GetStateItemExclusiveX",
                "MySessions_GetStateItemExclusiveM",
                "_GetStateItem",
                "MySessions_TempGetStateItem3",
                "sys.GetStateItem"
            })
    void otherNamesAreNot(String name) {
        assertThat(catalog.find(name)).isEmpty();
    }

    /**
     * Regression: the in-memory exclusive get's @ActionFlags for no session was computed through an int, and a
     * NULL there failed the call inside the server.
     */
    @Test
    void anExclusiveGetOfNoSessionAnswersNullsButAnInMemoryTablesSetsActionFlags() {
        ProcedureResult onDisk = call("GetStateItemExclusive", get(ID));
        ProcedureResult inMemory = call("GetStateItemExclusiveM", get(ID));
        ProcedureResult nullId = call("GetStateItemExclusiveMD", get(null));

        assertThat(onDisk.error()).isNull();
        assertThat(onDisk.output("@ActionFlags")).isNull();
        assertThat(onDisk.output("@Locked")).isNull();
        assertThat(inMemory.error()).isNull();
        assertThat(inMemory.output("@ActionFlags")).isEqualTo(0);
        assertThat(inMemory.output("@Locked")).isNull();
        assertThat(nullId.output("@ActionFlags")).isEqualTo(0);
    }

    @Test
    void eachTableKeepsItsOwnRowsAndTheItemComesAsAnUnnamedColumn() {
        byte[] item = {20, 0, 0, 0, 0, 0, (byte) 0xFF};
        call("InsertUninitializedItem", Map.of("@SessionId", ID, "@Timeout", 20, "@SessionItemLong", item));

        ProcedureResult sameTable = call("GetStateItem", get(ID));
        ProcedureResult otherTable = call("Other_GetStateItem", get(ID));

        RowSet rows = (RowSet) sameTable.outcomes().get(0);
        assertThat(rows.columns().get(0).name()).isEmpty();
        assertThat((byte[]) rows.rows().get(0).get(0)).isEqualTo(item);
        assertThat(sameTable.output("@ActionFlags")).isEqualTo(1);
        assertThat(otherTable.output("@Locked")).isNull();
    }

    @Test
    void aNullTimeoutNamesTheProvidersTable() {
        Map<String, Object> arguments = new HashMap<>(Map.of("@SessionId", ID, "@SessionItemLong", new byte[0]));
        arguments.put("@Timeout", null);

        ProcedureResult refused = call("MySessions_InsertStateItem", arguments);

        assertThat(refused.error().number()).isEqualTo(515);
        assertThat(refused.error().message()).contains("'Timeout', table 'dbo.MySessions'");
    }
}
