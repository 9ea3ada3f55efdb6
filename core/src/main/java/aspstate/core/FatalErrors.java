package aspstate.core;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What to do with an error the process may not survive. Running out of heap, or any other failure of the JVM
 * itself, leaves the server in a state nobody can vouch for (a half-done store update, a dead thread, endless
 * collection): it is logged at ERROR and the process exits with {@link #EXIT_STATUS}, so that a supervisor
 * restarts it, rather than hang half-alive. Running out of direct memory for one connection's buffers is not such
 * an error: the connection is closed and the server goes on.
 */
public final class FatalErrors {
    /** The exit status of a process ended by a fatal error (EX_SOFTWARE). */
    public static final int EXIT_STATUS = 70;

    private static final Logger LOG = LoggerFactory.getLogger(FatalErrors.class);
    private static volatile boolean exiting;

    private FatalErrors() {
    }

    /** True for an error that ends the process: see the class comment. */
    public static boolean isFatal(Throwable error) {
        return error instanceof VirtualMachineError && !isOutOfDirectMemory(error);
    }

    /** Netty's pool and the JDK's direct buffers say so in their own ways. */
    private static boolean isOutOfDirectMemory(Throwable error) {
        if (!(error instanceof OutOfMemoryError)) {
            return false;
        }
        String message = String.valueOf(error.getMessage());
        return error.getClass().getName().endsWith("OutOfDirectMemoryError")
                || message.contains("Direct buffer memory") || message.contains("direct buffer memory");
    }

    /**
     * The status a shutdown hook that ends the process itself (with {@code halt}) must end it with: that of a fatal
     * error if one started the exit, else 0.
     */
    public static int exitStatus() {
        return exiting ? EXIT_STATUS : 0;
    }

    /** Ends the process if {@code error} is fatal; returns otherwise. */
    public static void exitIfFatal(Throwable error, String where) {
        if (!isFatal(error)) {
            return;
        }
        exiting = true;
        try {
            LOG.error("fatal error in {}; exiting with status {} so that a supervisor restarts the server", where,
                    EXIT_STATUS, error);
            // Off this thread: exit waits for the shutdown hooks, which may need the thread that failed.
            Thread exit = new Thread(() -> System.exit(EXIT_STATUS), "aspstate-fatal-exit");
            exit.setDaemon(true);
            exit.start();
        } catch (Throwable cannotEvenLog) {
            Runtime.getRuntime().halt(EXIT_STATUS);
        }
    }
}
