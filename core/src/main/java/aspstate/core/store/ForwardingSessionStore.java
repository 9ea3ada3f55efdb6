package aspstate.core.store;

import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * A store in front of another that changes how requests run and passes everything else through: a subclass
 * overrides {@link #execute} (metrics, or a test's late answers) and inherits the rest.
 */
public abstract class ForwardingSessionStore<V extends StoredValue> implements SessionStore<V> {
    /** The store behind this one. */
    protected final SessionStore<V> store;

    protected ForwardingSessionStore(SessionStore<V> store) {
        this.store = store;
    }

    @Override
    public CompletionStage<Void> forEach(BiConsumer<String, V> visitor) {
        return store.forEach(visitor);
    }

    @Override
    public StoreStatistics statistics() {
        return store.statistics();
    }

    @Override
    public String describe() {
        return store.describe();
    }

    @Override
    public void close() {
        store.close();
    }
}
