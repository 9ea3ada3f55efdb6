package aspstate.core;

import java.util.concurrent.atomic.AtomicBoolean;
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

    /**
     * Heap set aside at start and let go the moment a fatal error comes: with the heap exhausted, logging the error
     * and starting the exit would themselves fail for want of memory (they did: the OutOfMemoryError was "thrown
     * from the UncaughtExceptionHandler" and the process stayed up, deaf).
     */
    private static final int RESERVE_BYTES = 1 << 20;

    private static final Logger LOG = LoggerFactory.getLogger(FatalErrors.class);

    @SuppressWarnings("unused") // held only to be let go
    private static volatile byte[] reserve = new byte[RESERVE_BYTES];
    /**
     * Made before it is needed: off the failing thread, since exit waits for the shutdown hooks, which may need that
     * thread; and made now, since making a thread (and its lambda's class) takes heap there may be none of.
     */
    private static final Thread EXIT = exitThread();

    private static final AtomicBoolean EXIT_STARTED = new AtomicBoolean();
    private static volatile boolean exiting;

    private FatalErrors() {}

    /**
     * Sets the reserve aside and makes the exit thread; called once at start, since doing it when the first fatal
     * error comes would need the heap that is gone.
     */
    public static void prepare() {
        // Telling a heap OutOfMemoryError from a direct-memory one reads its class name, which the JVM makes (on
        // the heap) the first time it is asked for: ask now.
        isFatal(new OutOfMemoryError("warm-up"));
        LOG.debug("{} bytes of heap set aside for a fatal error's exit", RESERVE_BYTES);
    }

    private static Thread exitThread() {
        Thread exit = new Thread(() -> System.exit(EXIT_STATUS), "aspstate-fatal-exit");
        exit.setDaemon(true);
        return exit;
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
                || message.contains("Direct buffer memory")
                || message.contains("direct buffer memory");
    }

    /**
     * The status a shutdown hook that ends the process itself (with {@code halt}) must end it with: that of a fatal
     * error if one started the exit, else 0.
     */
    public static int exitStatus() {
        return exiting ? EXIT_STATUS : 0;
    }

    /**
     * Ends the process if {@code error} is fatal; returns otherwise. Where it happened comes in two parts, joined
     * only by the log, so that the caller allocates nothing on the way here.
     */
    public static void exitIfFatal(Throwable error, String where, Object which) {
        if (!isFatal(error)) {
            return;
        }
        reserve = null;
        exiting = true;
        try {
            LOG.error(
                    "fatal error in {} {}; exiting with status {} so that a supervisor restarts the server",
                    where,
                    which,
                    EXIT_STATUS,
                    error);
        } catch (Throwable cannotLog) {
            // exit all the same
        }
        try {
            if (EXIT_STARTED.compareAndSet(false, true)) {
                EXIT.start();
            }
        } catch (Throwable cannotStartThread) {
            Runtime.getRuntime().halt(EXIT_STATUS);
        }
    }
}
