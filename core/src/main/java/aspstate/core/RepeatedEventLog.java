package aspstate.core;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.event.Level;

/**
 * An event that can happen many times a second (a refused write of a full store, a refused peer, a failed login, a
 * connection that is not speaking the protocol) logged at most once per interval, with how many times it happened
 * since the last line: the log stays readable and bounded whatever a client does, and a flood still shows.
 */
public final class RepeatedEventLog {
    public static final long DEFAULT_INTERVAL_MILLIS = 10_000;

    private final Logger log;
    private final Level level;
    private final long intervalMillis;
    /** When the last line was logged; 0 lets the first occurrence log at once. */
    private final AtomicLong lastLogged = new AtomicLong();

    private final LongAdder sinceLastLine = new LongAdder();

    public RepeatedEventLog(Logger log, Level level, long intervalMillis) {
        this.log = log;
        this.level = level;
        this.intervalMillis = intervalMillis;
    }

    public RepeatedEventLog(Logger log, Level level) {
        this(log, level, DEFAULT_INTERVAL_MILLIS);
    }

    /** Logged at WARN. */
    public RepeatedEventLog(Logger log) {
        this(log, Level.WARN);
    }

    /**
     * Counts one occurrence and logs {@code format} if the interval has passed; the first argument given to the
     * format is the number of occurrences the line stands for, the others follow (the latest occurrence's). A
     * Throwable as the last argument is logged with its stack trace, as SLF4J does: only for faults of the server,
     * never for what a client did.
     */
    public void occurred(String format, Object... arguments) {
        sinceLastLine.increment();
        long now = System.currentTimeMillis();
        long last = lastLogged.get();
        if (now - last >= intervalMillis && lastLogged.compareAndSet(last, now)) {
            Object[] withCount = new Object[arguments.length + 1];
            withCount[0] = sinceLastLine.sumThenReset();
            System.arraycopy(arguments, 0, withCount, 1, arguments.length);
            log.atLevel(level).log(format, withCount);
        }
    }
}
