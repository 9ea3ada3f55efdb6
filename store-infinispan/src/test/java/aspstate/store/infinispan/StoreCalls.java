package aspstate.store.infinispan;

import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateRequest;
import aspstate.core.stateserver.StateResult;
import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoredValue;
import aspstate.core.testing.Await;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** What the store tests do to a store: a request, a read, a write, awaited; and a bounded wait for a condition. */
final class StoreCalls {
    private StoreCalls() {}

    static <V extends StoredValue, R> R run(SessionStore<V> store, String key, Mutation<V, R> mutation) {
        return store.execute(key, mutation).toCompletableFuture().join();
    }

    static StateResult send(SessionStore<SessionEntry> store, String key, StateRequest request) {
        return run(store, key, request);
    }

    static <V extends StoredValue> V read(SessionStore<V> store, String key) {
        return run(store, key, (current, now) -> Outcome.keep(current));
    }

    static <V extends StoredValue> void write(SessionStore<V> store, String key, V value) {
        run(store, key, (current, now) -> Outcome.put(value, null));
    }

    /** Waits (bounded) until the condition holds; the stores count and reap on their own threads, every second. */
    static void await(String what, BooleanSupplier condition) {
        Await.until(what, Duration.ofSeconds(30), condition);
    }
}
