package aspstate.core;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;

/**
 * A warning that can happen many times a second (every refused write of a full store, every request a partitioned
 * node refuses) logged at most once per interval, with how many times it happened since the last line: the log
 * stays readable and bounded whatever the load.
 */
public final class ThrottledWarning {
    public static final long DEFAULT_INTERVAL_MILLIS = 10_000;

    private final Logger log;
    private final long intervalMillis;
    /** When the last line was logged; 0 lets the first occurrence log at once. */
    private final AtomicLong lastLogged = new AtomicLong();
    private final LongAdder sinceLastLine = new LongAdder();

    public ThrottledWarning(Logger log, long intervalMillis) {
        this.log = log;
        this.intervalMillis = intervalMillis;
    }

    public ThrottledWarning(Logger log) {
        this(log, DEFAULT_INTERVAL_MILLIS);
    }

    /**
     * Counts one occurrence and logs {@code format} if the interval has passed; the first argument given to the
     * format is the number of occurrences the line stands for, the others follow.
     */
    public void occurred(String format, Object... arguments) {
        sinceLastLine.increment();
        long now = System.currentTimeMillis();
        long last = lastLogged.get();
        if (now - last >= intervalMillis && lastLogged.compareAndSet(last, now)) {
            Object[] withCount = new Object[arguments.length + 1];
            withCount[0] = sinceLastLine.sumThenReset();
            System.arraycopy(arguments, 0, withCount, 1, arguments.length);
            log.warn(format, withCount);
        }
    }
}
