package aspstate.store.journal;

import aspstate.core.FileErrors;
import java.io.IOException;

/**
 * The data directory cannot be used, for a reason the operator can act on: the message is one line saying what is
 * wrong and where, never a stack trace.
 */
public final class DataDirectoryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public enum Reason {
        /** Another running aspstate holds it. */
        IN_USE,
        /** It cannot be created, read or written. */
        UNUSABLE,
        /** Its journal cannot be replayed as it is (a file missing or damaged). */
        DAMAGED
    }

    private final Reason reason;

    public DataDirectoryException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }

    /** What the operating system said, e.g. "Read-only file system" or "No such file or directory". */
    static String cause(IOException e) {
        return FileErrors.reason(e);
    }
}
