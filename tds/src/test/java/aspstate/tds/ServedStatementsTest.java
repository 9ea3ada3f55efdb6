package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ManualClock;
import aspstate.core.corecache.CacheEntry;
import aspstate.core.corecache.SqlTime;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.Outcome;
import aspstate.core.store.StoredValue;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.RowCount;
import aspstate.tds.proc.RowSet;
import aspstate.tds.statement.RecognizedStatement;
import aspstate.tds.statement.StatementArguments;
import aspstate.tds.token.DoneToken;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every text of docs/spec/statements/ as its library fills it in, recognized by the served catalogs and answered as
 * SQL Server answers it; and texts that are not the clients' are not recognized.
 */
class ServedStatementsTest {
    private static final long NOW_MILLIS = 1_750_000_000_000L;
    private static final OffsetDateTime NOW = Instant.ofEpochMilli(NOW_MILLIS).atOffset(ZoneOffset.UTC);
    private static final String CACHE_TABLE = "[dbo].[SessionCache]";
    private static final String[] PROVIDER_PROCEDURES = {
        "GetStateItemExclusive",
        "GetStateItem",
        "DeleteExpiredSessionState",
        "InsertStateItem",
        "InsertUninitializedItem",
        "ReleaseItemExclusive",
        "RemoveStateItem",
        "ResetItemTimeout",
        "UpdateStateItem"
    };

    private final ManualClock clock = new ManualClock(NOW_MILLIS);
    private final MemorySessionStore<SqlSessionItem> sessions = store();
    private final MemorySessionStore<AppRegistration> appIds = store();
    private final MemorySessionStore<SharePointStateItem> sharePoint = store();
    private final MemorySessionStore<CacheEntry> cache = store();
    private final ServedCatalogs catalogs = ServedCatalogs.create(sessions, appIds, sharePoint, cache);

    private <V extends StoredValue> MemorySessionStore<V> store() {
        return new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(1 << 20));
    }

    @AfterEach
    void close() {
        sessions.close();
        appIds.close();
        sharePoint.close();
        cache.close();
    }

    private RecognizedStatement recognized(String text) {
        return catalogs.statements().recognize(text).orElseThrow(() -> new AssertionError("not recognized: " + text));
    }

    private ProcedureResult run(String text, Map<String, Object> values) {
        return recognized(text)
                .statement()
                .run(values::get)
                .toCompletableFuture()
                .join();
    }

    private ProcedureResult runBatch(String text) {
        RecognizedStatement statement = recognized(text);
        return statement
                .statement()
                .run(StatementArguments.none(statement.match()))
                .toCompletableFuture()
                .join();
    }

    @Test
    void theFrameworkCompatDetectionBatchFindsAspnetRegsqlTables() {
        ProcedureResult result =
                runBatch(SpecStatements.text("async-provider/table-detection.sql", "ASPStateTempSessions"));

        assertThat(((RowSet) result.outcomes().get(0)).rows()).containsExactly(List.of(2, 0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SCHEMA_ONLY", "SCHEMA_AND_DATA"})
    void theProvidersCreateTableBatchesSucceed(String durability) {
        assertThat(runBatch(SpecStatements.text("async-provider/create-table-sqlserver.sql", "ASPNetSessionState"))
                        .error())
                .isNull();
        assertThat(runBatch(SpecStatements.text(
                                "async-provider/create-table-inmemory.sql", "ASPNetSessionState_InMem", durability))
                        .error())
                .isNull();
        assertThat(runBatch(SpecStatements.text("async-provider/create-table-inmemory.sql", "t", "DELAYED"))
                        .error()
                        .number())
                .isEqualTo(102);
    }

    @Test
    void aProcedureCountsOnceWhenItIsServed() {
        for (String name : List.of(
                "GetStateItemExclusive",
                "GetStateItemM",
                "GetStateItemExclusiveMD",
                "MySessions_UpdateStateItem",
                "TempGetStateItem3",
                "proc_AddItem")) {
            assertThat(((RowSet) runBatch(SpecStatements.text("async-provider/routine-count.sql", name))
                                    .outcomes()
                                    .get(0))
                            .rows())
                    .as(name)
                    .containsExactly(List.of(1));
        }
        assertThat(((RowSet) runBatch(SpecStatements.text("async-provider/routine-count.sql", "Unknown"))
                                .outcomes()
                                .get(0))
                        .rows())
                .containsExactly(List.of(0));
    }

    @Test
    void everyProcedureTheProviderCreatesIsAcceptedUnderItsNames() {
        for (String procedure : PROVIDER_PROCEDURES) {
            assertThat(runBatch(SpecStatements.text(
                                    "async-provider/sqlserver/" + procedure + ".sql", "ASPNetSessionState", procedure))
                            .error())
                    .as(procedure)
                    .isNull();
            assertThat(runBatch(SpecStatements.text(
                                    "async-provider/sqlserver/" + procedure + ".sql",
                                    "MySessions",
                                    "MySessions_" + procedure))
                            .error())
                    .as(procedure)
                    .isNull();
            assertThat(runBatch(SpecStatements.text(
                                    "async-provider/inmemory/" + procedure + ".sql",
                                    "ASPNetSessionState_InMem",
                                    procedure + "M"))
                            .error())
                    .as(procedure)
                    .isNull();
            assertThat(runBatch(SpecStatements.text(
                                    "async-provider/inmemory/" + procedure + ".sql",
                                    "ASPNetSessionState_InMemDurable",
                                    procedure + "MD"))
                            .error())
                    .as(procedure)
                    .isNull();
        }
    }

    @Test
    void aProcedureCreatedUnderANameThatServesAnotherIsRefused() {
        ProcedureResult result = runBatch(SpecStatements.text(
                "async-provider/sqlserver/GetStateItem.sql", "ASPNetSessionState", "MySessions_RemoveStateItem"));

        assertThat(result.error().message()).contains("GetStateItem only under the names");
    }

    @Test
    void theCacheToolsStatementsCreateEveryTimeAndFindNoTable() {
        ProcedureResult info = runBatch(SpecStatements.text("aspnetcore-cache/table-info.sql", "dbo", "SessionCache"));

        assertThat(((RowSet) info.outcomes().get(0)).rows()).isEmpty();
        assertThat(((RowSet) info.outcomes().get(0)).columns()).hasSize(4);
        assertThat(runBatch(SpecStatements.text("aspnetcore-cache/create-table.sql", CACHE_TABLE))
                        .outcomes())
                .isEmpty();
        assertThat(runBatch(SpecStatements.text("aspnetcore-cache/create-index.sql", CACHE_TABLE))
                        .outcomes())
                .isEmpty();
        assertThat(runBatch(SpecStatements.text(
                                "aspnetcore-cache/idempotent-script.sql", CACHE_TABLE, "dbo", "SessionCache"))
                        .error())
                .isNull();
    }

    @Test
    void theCacheStatementsSetGetRefreshAndRemoveAnEntry() {
        byte[] value = {2, 0, 0, 0};
        Map<String, Object> set = new HashMap<>(
                Map.of("@Id", "key", "@Value", value, "@SlidingExpirationInSeconds", 1200.0, "@UtcNow", NOW));
        set.put("@AbsoluteExpiration", null);
        Map<String, Object> read = Map.of("@Id", "key", "@UtcNow", NOW.plusSeconds(60));

        ProcedureResult inserted = run(SpecStatements.text("aspnetcore-cache/set.sql", CACHE_TABLE), set);
        ProcedureResult updated = run(SpecStatements.text("aspnetcore-cache/set.sql", CACHE_TABLE), set);
        ProcedureResult got = run(SpecStatements.text("aspnetcore-cache/get.sql", CACHE_TABLE), read);
        ProcedureResult refreshed = run(SpecStatements.text("aspnetcore-cache/refresh.sql", CACHE_TABLE), read);
        ProcedureResult removed = run(SpecStatements.text("aspnetcore-cache/remove.sql", CACHE_TABLE), read);
        ProcedureResult gone = run(SpecStatements.text("aspnetcore-cache/get.sql", CACHE_TABLE), read);

        assertThat(inserted.outcomes())
                .containsExactly(new RowCount(DoneToken.UPDATE_COMMAND, 0), new RowCount(DoneToken.INSERT_COMMAND, 1));
        assertThat(updated.outcomes()).containsExactly(new RowCount(DoneToken.UPDATE_COMMAND, 1));
        assertThat(got.outcomes().get(0)).isEqualTo(new RowCount(DoneToken.UPDATE_COMMAND, 1));
        assertThat(((RowSet) got.outcomes().get(1)).rows())
                .singleElement()
                .satisfies(row -> assertThat((byte[]) row.get(0)).isEqualTo(value));
        assertThat(refreshed.outcomes()).containsExactly(new RowCount(DoneToken.UPDATE_COMMAND, 1));
        assertThat(removed.outcomes()).containsExactly(new RowCount(DoneToken.DELETE_COMMAND, 1));
        assertThat(((RowSet) gone.outcomes().get(1)).rows()).isEmpty();
    }

    @Test
    void theCacheKeepsEachTablesEntriesUnderItsOwnKeys() {
        Map<String, Object> set = new HashMap<>(
                Map.of("@Id", "k  ", "@Value", new byte[] {1}, "@SlidingExpirationInSeconds", 60.0, "@UtcNow", NOW));
        set.put("@AbsoluteExpiration", null);
        run(SpecStatements.text("aspnetcore-cache/set.sql", "[dbo].[A]"), set);
        run(SpecStatements.text("aspnetcore-cache/set.sql", "[other].[A]"), set);
        List<String> keys = new ArrayList<>();
        cache.forEach((key, entry) -> keys.add(key)).toCompletableFuture().join();

        assertThat(keys).containsExactlyInAnyOrder("[dbo].[a]/k", "[other].[a]/k");
        assertThat(SqlTime.toInstant(cache.execute(
                                "[dbo].[a]/k", (entry, now) -> Outcome.<CacheEntry, Long>keep(entry.expiresAtTicks()))
                        .toCompletableFuture()
                        .join()))
                .isEqualTo(NOW.toInstant().plusSeconds(60));
    }

    @Test
    void otherTextsAreNotRecognized() {
        for (String text : List.of(
                "EXEC dbo.TempGetAppID @appName, @appId OUTPUT",
                "SELECT 1",
                "DELETE FROM [dbo].[SessionCache] WHERE Id = @Id OR 1 = 1",
                SpecStatements.text("aspnetcore-cache/get.sql", CACHE_TABLE).replace("<=", ">="))) {
            assertThat(catalogs.statements().recognize(text)).as(text).isEmpty();
        }
    }
}
