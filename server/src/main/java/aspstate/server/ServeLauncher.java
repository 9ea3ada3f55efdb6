package aspstate.server;

/** What {@code serve} does once its options are known: in production, run until stopped (see {@link ServeUntilStopped}). */
@FunctionalInterface
interface ServeLauncher {
    /** @return the exit code */
    int serve(ServeOptions options);
}
