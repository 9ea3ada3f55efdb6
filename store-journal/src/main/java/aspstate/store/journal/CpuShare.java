package aspstate.store.journal;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a background thread of the journal (a rewrite, a cleaning pass) to at most {@link #SHARE} of a core: after
 * each stretch of work it pauses in proportion, so the event loops on a busy single core keep nearly all of it. The
 * CPU the thread used is what counts, not the time it waited for the disk: waits take nothing from the event loops.
 */
final class CpuShare {
    /** The share of one core the thread takes at most. */
    static final double SHARE = 0.25;

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    /** The thread's CPU time when its current stretch of work began. */
    private long workStartedCpuNanos;

    /** Marks the start of the work; called on the working thread. */
    void begin() {
        workStartedCpuNanos = CPU.getCurrentThreadCpuTime();
    }

    /** Pauses so that the work since {@link #begin} or the last pause took at most {@link #SHARE} of the time. */
    void pause() throws InterruptedException {
        long worked = CPU.getCurrentThreadCpuTime() - workStartedCpuNanos;
        TimeUnit.NANOSECONDS.sleep((long) (worked * (1 / SHARE - 1)));
        workStartedCpuNanos = CPU.getCurrentThreadCpuTime();
    }
}
