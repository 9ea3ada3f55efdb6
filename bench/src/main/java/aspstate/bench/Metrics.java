package aspstate.bench;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Counts and latency histograms of one phase of a run. Recording is thread-safe and wait-free (HdrHistogram
 * recorders); one reader thread takes interval snapshots for progress lines and accumulates the totals.
 */
public final class Metrics {
    /** Latencies are tracked up to one minute with three significant digits. */
    private static final long HIGHEST_TRACKABLE_MICROS = TimeUnit.MINUTES.toMicros(1);

    private final Map<RequestKind, Recorder> recorders = new EnumMap<>(RequestKind.class);
    private final Map<RequestKind, Histogram> totals = new EnumMap<>(RequestKind.class);
    private final Recorder pageRecorder = new Recorder(HIGHEST_TRACKABLE_MICROS, 3);
    private final Histogram pageTotal = new Histogram(HIGHEST_TRACKABLE_MICROS, 3);
    private final LongAdder pages = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder conflicts = new LongAdder();

    public Metrics() {
        for (RequestKind kind : RequestKind.values()) {
            recorders.put(kind, new Recorder(HIGHEST_TRACKABLE_MICROS, 3));
            totals.put(kind, new Histogram(HIGHEST_TRACKABLE_MICROS, 3));
        }
    }

    public void request(RequestKind kind, long startNanos, long endNanos) {
        requests.increment();
        recorders.get(kind).recordValue(micros(startNanos, endNanos));
    }

    public void page(long startNanos, long endNanos) {
        pages.increment();
        pageRecorder.recordValue(micros(startNanos, endNanos));
    }

    public void error() {
        errors.increment();
    }

    public void conflict() {
        conflicts.increment();
    }

    private static long micros(long startNanos, long endNanos) {
        return Math.min(HIGHEST_TRACKABLE_MICROS, Math.max(0, (endNanos - startNanos) / 1000));
    }

    public long pages() {
        return pages.sum();
    }

    public long requests() {
        return requests.sum();
    }

    public long errors() {
        return errors.sum();
    }

    public long conflicts() {
        return conflicts.sum();
    }

    /**
     * Moves what was recorded since the last call into the totals and returns the interval's page latencies.
     * Single reader: called by the progress thread, and once more at the end.
     */
    public synchronized Histogram harvest() {
        for (RequestKind kind : RequestKind.values()) {
            totals.get(kind).add(recorders.get(kind).getIntervalHistogram());
        }
        Histogram interval = pageRecorder.getIntervalHistogram();
        pageTotal.add(interval);
        return interval;
    }

    public synchronized Histogram total(RequestKind kind) {
        return totals.get(kind).copy();
    }

    public synchronized Histogram pageTotal() {
        return pageTotal.copy();
    }
}
