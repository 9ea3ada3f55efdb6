package aspstate.core;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the calling thread the lowest scheduling priority (nice 19 on Linux), for work that must not slow the event
 * loops: a journal rewrite, an admin listing. Java's thread priorities change nothing on Linux, and a busy
 * background thread at the loops' own priority takes turns of several milliseconds with them on a shared core: four
 * clients listing a store of 200,000 sessions raised StateServer page p99 from 1.8 to 19-62 ms, and 3.6 ms with the
 * lister at nice 19 (docs/hardening.md). Where the system has no such call, the thread keeps its priority.
 */
public final class BackgroundPriority {
    private static final Logger LOG = LoggerFactory.getLogger(BackgroundPriority.class);
    /** The lowest priority ({@code nice 19}). */
    static final int LOWEST = 19;
    /** {@code setpriority}'s {@code which} for one process, which on Linux is one thread when given a thread id. */
    private static final int PRIO_PROCESS = 0;

    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    private BackgroundPriority() {}

    /** The C library's call; loaded on first use. */
    private interface CLibrary extends Library {
        int setpriority(int which, int who, int priority);
    }

    private static final class Linux {
        static final CLibrary C = Native.load("c", CLibrary.class);
    }

    /** Lowers the calling thread's priority; true when it did. */
    public static boolean lowerCurrentThread() {
        if (!Files.isSymbolicLink(THREAD_SELF)) {
            return false;
        }
        try {
            // "/proc/thread-self" links to "PID/task/TID": the kernel's id of this thread, which Java does not give.
            int threadId = Integer.parseInt(
                    Files.readSymbolicLink(THREAD_SELF).getFileName().toString());
            if (Linux.C.setpriority(PRIO_PROCESS, threadId, LOWEST) == 0) {
                return true;
            }
            LOG.debug("setpriority failed for thread {}: errno {}", threadId, Native.getLastError());
        } catch (IOException | RuntimeException | LinkageError e) {
            LOG.debug(
                    "cannot lower the priority of {}: {}",
                    Thread.currentThread().getName(),
                    e.toString());
        }
        return false;
    }
}
