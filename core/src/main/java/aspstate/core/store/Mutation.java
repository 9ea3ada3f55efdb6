package aspstate.core.store;

/**
 * A pure function over one stored entry: (current value or null, now) -> outcome. The store runs it atomically
 * for its key, so it must not block or have side effects; it may be retried by a distributed store.
 */
@FunctionalInterface
public interface Mutation<V extends StoredValue, R> {
    /**
     * @param current the live value, or null when the key is absent (an expired value is never passed in)
     * @param nowMillis the store clock's time for this execution
     */
    Outcome<V, R> apply(V current, long nowMillis);

    /** The operation's name in metrics, e.g. the procedure's or the verb's; "other" for a store's own lookups. */
    default String operation() {
        return "other";
    }

    /** True for the operations that take a session's lock, so that finding it locked counts as a lock conflict. */
    default boolean acquiresLock() {
        return false;
    }
}
