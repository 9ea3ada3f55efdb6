package aspstate.core.store;

import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * The storage SPI every protocol runs on. A store offers atomic per-key execution of a pure {@link Mutation},
 * expiry that does not depend on lookups, iteration and statistics. Everything is asynchronous so that a
 * networked store never blocks a protocol event loop; an in-process store completes inline.
 *
 * @param <V> the value type kept per key
 */
public interface SessionStore<V extends StoredValue> extends AutoCloseable {

    /**
     * Runs the mutation atomically for the key: no other mutation of the same key runs between its read and its
     * write. The stage fails with {@link StoreFullException} when a PUT would exceed the memory limit, in which
     * case nothing was changed. A mutation that throws fails the stage with that exception (never a direct
     * throw) and changes nothing.
     */
    <R> CompletionStage<R> execute(String key, Mutation<V, R> mutation);

    /**
     * Visits every live (unexpired) entry, weakly consistent with concurrent changes. The visitor must not call
     * back into the store. Completes when every entry has been visited.
     */
    CompletionStage<Void> forEach(BiConsumer<String, V> visitor);

    StoreStatistics statistics();

    /** A short description for logs and the startup line, e.g. "memory (max-memory 3 GiB)". */
    String describe();

    @Override
    void close();
}
