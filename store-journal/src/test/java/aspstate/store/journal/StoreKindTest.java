package aspstate.store.journal;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.stores.StoreId;
import org.junit.jupiter.api.Test;

/** The journal's kinds of records: one for every store, each under the number its records carry on disk. */
class StoreKindTest {
    @Test
    void everyStoreHasAKindUnderTheNumberItsRecordsCarry() {
        assertThat(StoreId.all().stream().map(StoreKind::of))
                .containsExactly(
                        StoreKind.STATESERVER,
                        StoreKind.SQL_SESSIONS,
                        StoreKind.SQL_APP_IDS,
                        StoreKind.SHAREPOINT_ITEMS,
                        StoreKind.CORE_CACHE_ENTRIES);
        assertThat(StoreId.all().stream().map(id -> StoreKind.of(id).id())).containsExactly(1, 2, 3, 4, 5);
    }
}
