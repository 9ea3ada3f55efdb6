package aspstate.admin;

import aspstate.core.Clock;
import aspstate.core.store.SessionStore;
import aspstate.core.store.SessionValue;
import aspstate.core.stores.SessionStoreId;
import aspstate.core.stores.StoreId;
import aspstate.core.stores.StoreSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The session stores operators look into, by the labels metrics and the API use (stateserver, sqlstate, spstate,
 * corecache), each with its lock census.
 */
public final class SessionStores {
    /** One store as the admin listener sees it. */
    record Named<V extends SessionValue<V>>(SessionStoreId<V> id, SessionStore<V> store, LockCensus locks) {
        /** What metrics and the API call it. */
        String name() {
            return id.label();
        }

        /** The key of an id an operator names, as the store's protocol makes it of a client's id. */
        String key(String sessionId) {
            return id.keys().key(sessionId);
        }
    }

    private final Map<String, Named<?>> stores = new LinkedHashMap<>();
    private final Clock clock;

    public SessionStores(Clock clock) {
        this.clock = clock;
    }

    /** The stores of sessions among {@code stores}; the application ids are not sessions. */
    public static SessionStores of(Clock clock, StoreSet stores) {
        SessionStores sessions = new SessionStores(clock);
        for (SessionStoreId<?> id : StoreId.sessions()) {
            if (stores.has(id)) {
                sessions.add(id, stores);
            }
        }
        return sessions;
    }

    private <V extends SessionValue<V>> void add(SessionStoreId<V> id, StoreSet stores) {
        add(id, stores.get(id));
    }

    public <V extends SessionValue<V>> void add(SessionStoreId<V> id, SessionStore<V> store) {
        stores.put(id.label(), new Named<>(id, store, new LockCensus(store, clock)));
    }

    Optional<Named<?>> get(String name) {
        return Optional.ofNullable(stores.get(name));
    }

    Iterable<Named<?>> all() {
        return stores.values();
    }

    Set<String> names() {
        return stores.keySet();
    }

    Clock clock() {
        return clock;
    }
}
