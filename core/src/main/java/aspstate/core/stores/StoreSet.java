package aspstate.core.stores;

import aspstate.core.store.SessionStore;
import aspstate.core.store.StoredValue;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stores by their {@link StoreId}, each given back with its id's value type. A store goes in only with its own id's
 * type ({@link #of}), which is what makes the one cast in {@link #get} safe.
 */
public final class StoreSet {
    /**
     * Opens the store of an id. Generic in the id's value type, so it cannot be a lambda: a method reference to a
     * method of the same shape is one ({@code engine::store}).
     */
    @FunctionalInterface
    public interface Opener {
        <V extends StoredValue> SessionStore<V> open(StoreId<V> id);
    }

    /** Makes a store of another, of the same id; generic, as {@link Opener} is. */
    @FunctionalInterface
    public interface Wrapper {
        <V extends StoredValue> SessionStore<V> wrap(StoreId<V> id, SessionStore<V> store);
    }

    private final Map<StoreId<?>, SessionStore<?>> stores;

    private StoreSet(Map<StoreId<?>, SessionStore<?>> stores) {
        this.stores = stores;
    }

    /** No store, for an engine before it has opened its stores. */
    public static StoreSet empty() {
        return new StoreSet(Map.of());
    }

    /**
     * One store for each id, in their order. When one cannot be opened, those opened before it are closed, and
     * what it threw is thrown.
     */
    public static StoreSet of(List<? extends StoreId<?>> ids, Opener opener) {
        Map<StoreId<?>, SessionStore<?>> stores = new LinkedHashMap<>();
        try {
            for (StoreId<?> id : ids) {
                stores.put(id, opener.open(id));
            }
        } catch (RuntimeException | Error e) {
            stores.values().forEach(SessionStore::close);
            throw e;
        }
        return new StoreSet(Collections.unmodifiableMap(stores));
    }

    /** The same stores, each as {@code wrapper} makes it of the one here. */
    public StoreSet map(Wrapper wrapper) {
        Map<StoreId<?>, SessionStore<?>> wrapped = new LinkedHashMap<>();
        stores.keySet().forEach(id -> wrapped.put(id, wrap(wrapper, id)));
        return new StoreSet(Collections.unmodifiableMap(wrapped));
    }

    private <V extends StoredValue> SessionStore<V> wrap(Wrapper wrapper, StoreId<V> id) {
        return wrapper.wrap(id, get(id));
    }

    /** @throws IllegalArgumentException when no store of that id is here */
    @SuppressWarnings("unchecked") // of() and map() put each store under an id of its own value type
    public <V extends StoredValue> SessionStore<V> get(StoreId<V> id) {
        SessionStore<?> store = stores.get(id);
        if (store == null) {
            throw new IllegalArgumentException("no " + id + " store was started; started: " + stores.keySet());
        }
        return (SessionStore<V>) store;
    }

    public boolean has(StoreId<?> id) {
        return stores.containsKey(id);
    }

    /** The ids, in the order the stores were opened. */
    public Set<StoreId<?>> ids() {
        return stores.keySet();
    }

    /** The stores, in the same order. */
    public Collection<SessionStore<?>> stores() {
        return stores.values();
    }
}
