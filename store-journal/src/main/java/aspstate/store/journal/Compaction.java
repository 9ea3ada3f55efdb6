package aspstate.store.journal;

/** A compaction of the journal running in the background: a {@link Rewrite} or a {@link Cleaning} pass. */
interface Compaction {
    /** Stops it (the server is stopping) and waits for it; it changes no file the journal needs. */
    void cancel();

    /** Thrown inside a compaction's thread to end it once it is cancelled. */
    final class Cancelled extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Cancelled() {
            super(null, null, false, false);
        }
    }
}
