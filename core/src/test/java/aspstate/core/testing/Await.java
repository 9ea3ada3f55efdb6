package aspstate.core.testing;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waits for a condition another thread or process makes true: polls it, with a 10 s deadline, instead of sleeping. */
public final class Await {
    private static final long DEADLINE_SECONDS = 10;

    private Await() {}

    /** @throws AssertionError naming {@code what} if the condition is not met within 10 s */
    public static void until(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + DEADLINE_SECONDS + " s: " + what);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1)); // a polling interval, not a guess at timing
        }
    }
}
