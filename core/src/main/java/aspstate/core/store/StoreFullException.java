package aspstate.core.store;

/** A write was refused because it would take the store past its memory limit. Nothing was changed. */
public final class StoreFullException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StoreFullException(String message) {
        // No stack trace: this is an expected, possibly frequent, answer and not a bug.
        super(message, null, false, false);
    }
}
