package aspstate.core.store;

/**
 * The store cannot serve the key now: a clustered store that is cut off from the key's owners (a network partition,
 * too few nodes left) or stopping. Nothing was changed. Unlike a bug, this is an expected state of a distributed
 * store: the protocols answer it without a stack trace, and it ends when the cluster heals.
 */
public final class StoreUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause, false, false);
    }
}
