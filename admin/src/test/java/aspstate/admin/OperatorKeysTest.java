package aspstate.admin;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.Clock;
import aspstate.core.corecache.CacheEntry;
import aspstate.core.corecache.SqlTime;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoredValue;
import aspstate.core.stores.StoreId;
import aspstate.core.stores.StoreSet;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The inspector keys the id an operator names as the store's protocol keys a client's, on every store the server
 * runs (real memory stores): ASPState ids without case, an ASP.NET Core cache table's names without case and its ids
 * with case.
 */
class OperatorKeysTest {
    private final StoreSet stores = StoreSet.of(StoreId.all(), new StoreSet.Opener() {
        @Override
        public <V extends StoredValue> SessionStore<V> open(StoreId<V> id) {
            return new MemorySessionStore<>(Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0));
        }
    });
    private final SessionStores sessions = SessionStores.of(Clock.SYSTEM, stores);
    private final SessionInspector inspector = new SessionInspector(sessions);

    @AfterEach
    void close() {
        stores.stores().forEach(SessionStore::close);
    }

    @Test
    void everyStoreOfSessionsIsShownByItsLabelAndTheApplicationIdsAreNot() {
        assertThat(sessions.names()).containsExactly("stateserver", "sqlstate", "spstate", "corecache");
    }

    @Test
    void anAspStateSessionIsFoundListedAndDeletedByItsIdInAnyCase() {
        put(StoreId.SQL_SESSIONS, "abcdef0123456789", SqlSessionItem.inserted(new byte[] {1}, null, 20, 0, now()));
        SessionStores.Named<?> sqlState = sessions.get("sqlstate").orElseThrow();

        assertThat(inspector.find(sqlState, "AbCdEf0123456789")).isPresent();
        assertThat(listed("sqlstate", "ABCDEF")).isOne();
        assertThat(inspector.delete(sqlState, "ABCDEF0123456789")).isTrue();
        assertThat(inspector.find(sqlState, "abcdef0123456789")).isEmpty();
    }

    /** The cache table's names compare without case, its Id column with case and without trailing spaces. */
    @Test
    void aCacheEntryIsFoundByItsTableInAnyCaseAndItsIdInItsOwn() {
        long expires = SqlTime.ofMillis(now()) + 1_200 * SqlTime.TICKS_PER_SECOND;
        put(
                StoreId.CORE_CACHE_ENTRIES,
                "[dbo].[sessioncache]/Cookie-Value",
                new CacheEntry(new byte[] {1}, expires, 1200L, null));
        SessionStores.Named<?> coreCache = sessions.get("corecache").orElseThrow();

        assertThat(inspector.find(coreCache, "[dbo].[SessionCache]/Cookie-Value"))
                .isPresent();
        assertThat(inspector.find(coreCache, "[DBO].[sessioncache]/Cookie-Value "))
                .isPresent();
        assertThat(inspector.find(coreCache, "[dbo].[sessioncache]/cookie-value"))
                .isEmpty();
        assertThat(listed("corecache", "[dbo].[SessionCache]/Cookie")).isOne();
        assertThat(listed("corecache", "[dbo].[SessionCache]/cookie")).isZero();
    }

    @Test
    void aStateServerKeyIsTakenAsSent() {
        put(StoreId.STATESERVER, "/LM/W3SVC/1/ROOT/Shop(abc)", SessionEntry.created(new byte[] {1}, 20, false, now()));
        SessionStores.Named<?> stateServer = sessions.get("stateserver").orElseThrow();

        assertThat(inspector.find(stateServer, "/LM/W3SVC/1/ROOT/Shop(abc)")).isPresent();
        assertThat(inspector.find(stateServer, "/lm/w3svc/1/root/shop(abc)")).isEmpty();
    }

    private long listed(String store, String prefix) {
        return inspector
                .list(new SessionQuery(Optional.of(store), prefix, Optional.empty(), SessionQuery.Sort.ID, 10, 0))
                .matched();
    }

    private <V extends StoredValue> void put(StoreId<V> id, String key, V value) {
        stores.get(id)
                .execute(key, (current, now) -> Outcome.put(value, null))
                .toCompletableFuture()
                .join();
    }

    private static long now() {
        return System.currentTimeMillis();
    }
}
