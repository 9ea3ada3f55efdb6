package aspstate.core.testing;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waits for a condition another thread or process makes true: polls it, with a deadline, instead of sleeping. */
public final class Await {
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private Await() {}

    /** @throws AssertionError naming {@code what} if the condition is not met within 10 s */
    public static void until(String what, BooleanSupplier condition) {
        until(what, DEADLINE, condition);
    }

    /**
     * For work that takes longer on a loaded machine than a test's own steps (a cluster of processes on two cores).
     *
     * @throws AssertionError naming {@code what} if the condition is not met within {@code within}
     */
    public static void until(String what, Duration within, BooleanSupplier condition) {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + within.toSeconds() + " s: " + what);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1)); // a polling interval, not a guess at timing
        }
    }
}
