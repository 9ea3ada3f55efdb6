package aspstate.server;

import java.util.List;

/** Closes parts in order, each even when an earlier one fails; the first failure is thrown, later ones suppressed. */
final class CloseAll {
    private CloseAll() {}

    static void inOrder(List<? extends AutoCloseable> parts) {
        RuntimeException failure = null;
        for (AutoCloseable part : parts) {
            try {
                part.close();
            } catch (Exception e) {
                RuntimeException wrapped = e instanceof RuntimeException runtime
                        ? runtime
                        : new IllegalStateException("closing " + part + " failed", e);
                if (failure == null) {
                    failure = wrapped;
                } else {
                    failure.addSuppressed(wrapped);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
