package aspstate.admin;

import aspstate.core.Clock;
import aspstate.core.inspect.DecodedSession;
import aspstate.core.store.KeyRule;
import aspstate.core.store.SessionStore;
import aspstate.core.store.SessionValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The session stores operators look into, by the names metrics and the API use (stateserver, sqlstate, spstate,
 * corecache), each with the protocol that serves it, its lock census, and how its session data is read for display.
 */
public final class SessionStores {
    /**
     * One store as the admin listener sees it.
     *
     * @param keys    how an id an operator names becomes its key, as the protocol makes it of a client's id
     * @param decoder reads its session data for display: ASP.NET's format, or ASP.NET Core's
     */
    record Named(
            String name,
            String protocol,
            SessionStore<? extends SessionValue<?>> store,
            KeyRule keys,
            LockCensus locks,
            Function<byte[], DecodedSession> decoder) {}

    private final Map<String, Named> stores = new LinkedHashMap<>();
    private final Clock clock;

    public SessionStores(Clock clock) {
        this.clock = clock;
    }

    /**
     * @param keys    the store's key rule, the protocol's
     * @param decoder reads the store's session data for display
     */
    public void add(
            String name,
            String protocol,
            SessionStore<? extends SessionValue<?>> store,
            KeyRule keys,
            Function<byte[], DecodedSession> decoder) {
        stores.put(name, new Named(name, protocol, store, keys, new LockCensus(store, clock), decoder));
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
