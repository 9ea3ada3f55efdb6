package aspstate.core;

import java.util.concurrent.CompletionException;

/** What a failed asynchronous step failed with. */
public final class Failures {
    private Failures() {}

    /**
     * The failure as the code that failed threw it: a future wraps it in CompletionException on its way through
     * dependent stages, and callers decide by its type (a full store, an unavailable one, a fault).
     */
    public static Throwable cause(Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
