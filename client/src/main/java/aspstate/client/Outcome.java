package aspstate.client;

/** The answer to a request that returns no data. */
public enum Outcome {
    /** Done: stored, released, removed or its timeout reset. */
    DONE,
    /** No such session (it expired or was removed). */
    NOT_FOUND,
    /**
     * Locked by another lock cookie: the request was refused and nothing changed. For a SetAndReleaseItemExclusive
     * this means the lock was lost (force-released by another request after the execution timeout).
     */
    LOCKED
}
