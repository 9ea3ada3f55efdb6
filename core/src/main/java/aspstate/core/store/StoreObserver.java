package aspstate.core.store;

/**
 * Told about every operation an {@link ObservedSessionStore} runs, for metrics. Called on the thread that completed
 * the operation (a protocol event loop for the in-memory store), so it must be quick and must not block.
 */
public interface StoreObserver {
    /** How an operation ended, as far as the store can tell without knowing the protocol. */
    enum Result {
        /** Done; also a lookup or change that found what it looked for. */
        OK,
        /** The key had no (live) session and the operation did not create one. */
        NOT_FOUND,
        /** An operation that takes the lock found the session locked by someone else. */
        LOCKED,
        /** Refused: the write would exceed max-memory. */
        STORE_FULL,
        /** The store could not be reached (a node cut off from its cluster's majority). */
        UNAVAILABLE,
        /** Failed for any other reason. */
        ERROR
    }

    void executed(String operation, Result result, long nanos);

    /** A lock was let go (by its holder, a delete, or a forced release) after {@code heldMillis}. */
    void lockReleased(long heldMillis);
}
