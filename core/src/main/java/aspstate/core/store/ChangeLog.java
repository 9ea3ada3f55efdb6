package aspstate.core.store;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Where a store reports each change it makes, so that the change is kept (a journal on disk) before it is
 * acknowledged. The memory store calls {@link #put} and {@link #delete} under the key's lock, in the order it makes
 * the changes, and answers a request only once {@link #whenDurable} says the ticket the request got is kept.
 *
 * @param <V> the value type of the store
 */
public interface ChangeLog<V extends StoredValue> {
    /** The ticket of a change, or of an answer, that waits for nothing. */
    long NOTHING = 0;

    /**
     * Logs that {@code key} now holds {@code after}.
     *
     * @param before    what the key held, or null when it was absent (or expired)
     * @param takesLock the change takes a session's lock
     * @return the ticket to wait for before answering, or {@link #NOTHING}
     * @throws StoreFullException        when the log has no room for the change (its disk is full): the store makes
     *                                   no change
     * @throws StoreUnavailableException when the log cannot keep the change now: the store makes no change
     */
    long put(String key, V before, V after, boolean takesLock);

    /** Logs that {@code key}, which held {@code before}, was deleted; throws as {@link #put} does. */
    long delete(String key, V before);

    /**
     * The ticket of an answer that changed nothing: it waits for the changes logged before it, since it may show
     * them (a read must not show a write that a crash could still lose).
     */
    long pending();

    /** Completes with {@code result} once every change up to {@code ticket} is kept as durably as promised. */
    <R> CompletionStage<R> whenDurable(long ticket, R result);

    /** The log of a store kept in memory only: nothing to keep, nothing to wait for. */
    @SuppressWarnings("unchecked")
    static <V extends StoredValue> ChangeLog<V> none() {
        return (ChangeLog<V>) MemoryOnly.INSTANCE;
    }

    /** See {@link #none()}. */
    final class MemoryOnly implements ChangeLog<StoredValue> {
        private static final MemoryOnly INSTANCE = new MemoryOnly();

        private MemoryOnly() {}

        @Override
        public long put(String key, StoredValue before, StoredValue after, boolean takesLock) {
            return NOTHING;
        }

        @Override
        public long delete(String key, StoredValue before) {
            return NOTHING;
        }

        @Override
        public long pending() {
            return NOTHING;
        }

        @Override
        public <R> CompletionStage<R> whenDurable(long ticket, R result) {
            return CompletableFuture.completedFuture(result);
        }
    }
}
