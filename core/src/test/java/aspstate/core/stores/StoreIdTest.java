package aspstate.core.stores;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.store.KeyRule;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The stores' identities: the names other processes and files know them by, and how each takes an id. */
class StoreIdTest {
    /**
     * The names are a cluster's cache names (every node must agree), what the journal's tools print, and what metrics,
     * the admin API and its commands say: a new version that changed one would split a cluster or break dashboards.
     */
    @Test
    void namesAndLabelsAreTheOnesOtherProcessesKnow() {
        assertThat(StoreId.all().stream().map(StoreId::name))
                .containsExactly(
                        "stateserver", "sqlstate-sessions", "sqlstate-appids", "spstate-items", "corecache-entries");
        assertThat(StoreId.all().stream().map(StoreId::label))
                .containsExactly("stateserver", "sqlstate", "sqlstate-appids", "spstate", "corecache");
        assertThat(StoreId.all().stream().map(StoreId::protocol))
                .containsExactly("stateserver", "tds", "tds", "tds", "tds");
    }

    @Test
    void theApplicationIdsAreTheOnlyStoreThatHoldsNoSessions() {
        assertThat(StoreId.all().stream().filter(id -> !id.holdsSessions())).containsExactly(StoreId.SQL_APP_IDS);
        assertThat(StoreId.sessions())
                .containsExactly(
                        StoreId.STATESERVER,
                        StoreId.SQL_SESSIONS,
                        StoreId.SHAREPOINT_ITEMS,
                        StoreId.CORE_CACHE_ENTRIES);
    }

    @Test
    void eachStoreOfSessionsTakesIdsAsItsProtocolComparesThem() {
        assertThat(List.of(
                        StoreId.STATESERVER.keys(),
                        StoreId.SQL_SESSIONS.keys(),
                        StoreId.SHAREPOINT_ITEMS.keys(),
                        StoreId.CORE_CACHE_ENTRIES.keys()))
                .containsExactly(KeyRule.AS_SENT, KeyRule.WITHOUT_CASE, KeyRule.WITHOUT_CASE, KeyRule.TABLE_ROW);
    }

    @Test
    void aStoreIsFoundByItsNameAndAStoreOfSessionsByItsLabel() {
        assertThat(StoreId.named("sqlstate-sessions")).containsSame(StoreId.SQL_SESSIONS);
        assertThat(StoreId.named("sqlstate")).isEmpty();
        assertThat(StoreId.labeled("corecache")).containsSame(StoreId.CORE_CACHE_ENTRIES);
        assertThat(StoreId.labeled("sqlstate-appids")).as("not sessions").isEmpty();
        assertThat(StoreId.labeled("CoreCache")).isEmpty();
    }
}
