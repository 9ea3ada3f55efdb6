package aspstate.core.stores;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.core.Clock;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoredValue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Stores by their ids, each given back with its id's value type; real memory stores on one reaper. */
class StoreSetTest {
    /** Each open store ticks on it, until it is closed. */
    private final ScheduledThreadPoolExecutor reaper = new ScheduledThreadPoolExecutor(1);

    private final List<StoreId<?>> opened = new ArrayList<>();

    private final StoreSet.Opener memory = new StoreSet.Opener() {
        @Override
        public <V extends StoredValue> SessionStore<V> open(StoreId<V> id) {
            opened.add(id);
            MemoryStoreSettings settings = MemoryStoreSettings.withMaxMemory(0);
            return new MemorySessionStore<>(Clock.SYSTEM, settings, new MemoryBudget(0), reaper);
        }
    };

    StoreSetTest() {
        reaper.setRemoveOnCancelPolicy(true);
    }

    @AfterEach
    void stop() {
        reaper.shutdownNow();
    }

    @Test
    void eachStoreComesBackTypedByItsId() {
        StoreSet stores = StoreSet.of(List.of(StoreId.STATESERVER, StoreId.SQL_APP_IDS), memory);

        SessionStore<AppRegistration> appIds = stores.get(StoreId.SQL_APP_IDS);
        appIds.execute("appname:/shop", (current, now) -> Outcome.put(new AppRegistration("/shop", 7), null))
                .toCompletableFuture()
                .join();
        SessionStore<SessionEntry> sessions = stores.get(StoreId.STATESERVER);

        assertThat(sessions.statistics().active()).isZero();
        assertThat(appIds.statistics().active()).isOne();
        assertThat(stores.ids()).containsExactly(StoreId.STATESERVER, StoreId.SQL_APP_IDS);
        assertThat(stores.has(StoreId.SQL_SESSIONS)).isFalse();
        assertThatThrownBy(() -> stores.get(StoreId.SQL_SESSIONS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no sqlstate-sessions store was started; started: [stateserver, sqlstate-appids]");
    }

    @Test
    void aStoreThatCannotBeOpenedClosesThoseOpenedBeforeIt() {
        StoreSet.Opener failingThird = new StoreSet.Opener() {
            @Override
            public <V extends StoredValue> SessionStore<V> open(StoreId<V> id) {
                if (opened.size() == 2) {
                    throw new IllegalStateException("cannot open " + id.name());
                }
                return memory.open(id);
            }
        };

        assertThatThrownBy(() -> StoreSet.of(StoreId.all(), failingThird)).hasMessage("cannot open sqlstate-appids");
        assertThat(opened).hasSize(2);
        assertThat(reaper.getQueue())
                .as("the two opened stores closed: their ticks stopped")
                .isEmpty();
    }

    @Test
    void aWrappedSetHoldsWhatTheWrapperMadeOfEachStore() {
        StoreSet stores = StoreSet.of(StoreId.sessions(), memory);
        List<StoreId<?>> wrapped = new ArrayList<>();

        StoreSet same = stores.map(new StoreSet.Wrapper() {
            @Override
            public <V extends StoredValue> SessionStore<V> wrap(StoreId<V> id, SessionStore<V> store) {
                wrapped.add(id);
                return store;
            }
        });

        assertThat(wrapped).containsExactlyElementsOf(StoreId.sessions());
        assertThat(same.get(StoreId.SHAREPOINT_ITEMS)).isSameAs(stores.get(StoreId.SHAREPOINT_ITEMS));
        assertThat(reaper.getQueue()).as("four stores ticking").hasSize(4);
    }
}
