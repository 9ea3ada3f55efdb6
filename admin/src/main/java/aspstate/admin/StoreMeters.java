package aspstate.admin;

import aspstate.core.store.StoreObserver;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A store's request and lock meters. Each operation's meters are looked up once per outcome and kept, so a request
 * costs a map lookup, a histogram observation and two adds.
 */
final class StoreMeters implements StoreObserver {
    private static final double NANOS_PER_SECOND = 1e9;

    private final MeterRegistry registry;
    private final RequestHistograms histograms;
    private final String protocol;
    private final String store;
    private final ConcurrentHashMap<String, Meters[]> byOperation = new ConcurrentHashMap<>();
    private final Counter lockConflicts;
    private final Counter storeFull;
    private final DistributionDataPoint locksHeld;
    /** Clients' requests and their time in the store: what the totals people read add up. */
    private final LongAdder clientRequests = new LongAdder();

    private final LongAdder requestNanos = new LongAdder();

    StoreMeters(MeterRegistry registry, RequestHistograms histograms, String protocol, String store) {
        this.registry = registry;
        this.histograms = histograms;
        this.protocol = protocol;
        this.store = store;
        this.lockConflicts = Counter.builder("aspstate.lock.conflicts")
                .description("Requests for a session's lock that found it held by another request")
                .tags("store", store)
                .register(registry);
        this.storeFull = Counter.builder("aspstate.store.full.refusals")
                .description("Writes refused because they would exceed max-memory")
                .tags("store", store)
                .register(registry);
        this.locksHeld = histograms.locksHeld.labelValues(store);
    }

    /** One operation's meters for one outcome. */
    private record Meters(DistributionDataPoint duration, LongAdder count) {}

    @Override
    public void executed(String operation, Result result, long nanos) {
        Meters[] meters = byOperation.get(operation);
        if (meters == null) {
            meters = byOperation.computeIfAbsent(operation, name -> new Meters[Result.values().length]);
        }
        Meters outcome = meters[result.ordinal()];
        if (outcome == null) {
            outcome = register(meters, operation, result);
        }
        outcome.duration.observe(nanos / NANOS_PER_SECOND);
        outcome.count.increment();
        if (!operation.equals(ReadinessCheck.STORE_PROBE_OPERATION)) {
            clientRequests.increment();
            requestNanos.add(nanos);
        }
        if (result == Result.LOCKED) {
            lockConflicts.increment();
        } else if (result == Result.STORE_FULL) {
            storeFull.increment();
        }
    }

    @Override
    public void lockReleased(long heldMillis) {
        locksHeld.observe(heldMillis / 1000.0);
    }

    /** Requests of clients (a readiness probe's read is not one) since the start. */
    long requests() {
        return clientRequests.sum();
    }

    long requestNanos() {
        return requestNanos.sum();
    }

    /** Only outcomes that happen get series; a racing second registration gets the same meters back. */
    private Meters register(Meters[] meters, String operation, Result result) {
        String outcome = result.name().toLowerCase(Locale.ROOT);
        LongAdder count = new LongAdder();
        FunctionCounter.builder("aspstate.requests", count, LongAdder::sum)
                .description("Requests that reached a session store")
                .tags("protocol", protocol, "store", store, "operation", operation, "outcome", outcome)
                .register(registry);
        Meters registered = new Meters(histograms.requests.labelValues(protocol, store, operation, outcome), count);
        meters[result.ordinal()] = registered;
        return registered;
    }
}
