package aspstate.store.infinispan;

/**
 * The Infinispan stores could not start, for a reason the operator can act on; the message is one line that says
 * what to change. {@link #reason()} tells which setting is concerned, so the caller can name the option.
 */
public final class StoreStartException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public enum Reason {
        /** The cluster port is taken. */
        CLUSTER_PORT_IN_USE,
        /** The cluster bind address is not an address of this machine. */
        CLUSTER_ADDRESS_NOT_LOCAL,
        /** Fewer than a majority of the members answered before the quorum timeout. */
        NO_QUORUM,
        /** Another process uses the data directory. */
        DATA_DIRECTORY_IN_USE,
        /** The data directory cannot be created, read or written. */
        DATA_DIRECTORY_UNUSABLE
    }

    private final Reason reason;

    StoreStartException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
