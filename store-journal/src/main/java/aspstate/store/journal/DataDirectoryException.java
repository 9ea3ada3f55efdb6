package aspstate.store.journal;

import java.io.IOException;
import java.nio.file.FileSystemException;

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

    /**
     * What the operating system said, e.g. "Read-only file system" or "Operation not permitted": the reason of a
     * {@link FileSystemException} without the path it repeats, else the message.
     */
    static String cause(IOException e) {
        if (e instanceof FileSystemException failure && failure.getReason() != null) {
            return failure.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
