package aspstate.admin;

import aspstate.core.Clock;
import aspstate.core.store.SessionStore;
import aspstate.core.store.SessionValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The session stores operators look into, by the names metrics and the API use (stateserver, sqlstate, spstate),
 * each with the protocol that serves it and its lock census.
 */
public final class SessionStores {
    /** One store as the admin listener sees it. */
    record Named(String name, String protocol, SessionStore<? extends SessionValue<?>> store, LockCensus locks) {
    }

    private final Map<String, Named> stores = new LinkedHashMap<>();
    private final Clock clock;

    public SessionStores(Clock clock) {
        this.clock = clock;
    }

    public void add(String name, String protocol, SessionStore<? extends SessionValue<?>> store) {
        stores.put(name, new Named(name, protocol, store, new LockCensus(store, clock)));
    }

    Optional<Named> get(String name) {
        return Optional.ofNullable(stores.get(name));
    }

    Iterable<Named> all() {
        return stores.values();
    }

    Set<String> names() {
        return stores.keySet();
    }

    Clock clock() {
        return clock;
    }
}
