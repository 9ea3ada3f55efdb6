package aspstate.admin;

import aspstate.core.store.StoreObserver;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A store's request and lock meters. Meters are looked up once per operation and outcome and kept, so a request
 * costs two clock reads, a map lookup and the meters' own atomic adds.
 */
final class StoreMeters implements StoreObserver {
    /** Histogram buckets from a tenth of a millisecond (an in-memory request) to seconds (a stalled cluster). */
    private static final Duration[] REQUEST_BUCKETS = durations(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250,
            500, 1_000, 2_500, 5_000, 10_000);
    /** A lock normally lasts one page's request; buckets up to the minutes a stuck one lasts. */
    private static final Duration[] LOCK_BUCKETS = durations(1, 5, 10, 50, 100, 500, 1_000, 5_000, 10_000, 30_000,
            60_000, 120_000, 300_000, 600_000);

    private final MeterRegistry registry;
    private final String protocol;
    private final String store;
    private final ConcurrentHashMap<String, Meters[]> byOperation = new ConcurrentHashMap<>();
    private final Counter lockConflicts;
    private final Counter storeFull;
    private final Timer lockHeld;

    StoreMeters(MeterRegistry registry, String protocol, String store) {
        this.registry = registry;
        this.protocol = protocol;
        this.store = store;
        this.lockConflicts = Counter.builder("aspstate.lock.conflicts")
                .description("Requests for a session's lock that found it held by another request")
                .tags("store", store).register(registry);
        this.storeFull = Counter.builder("aspstate.store.full.refusals")
                .description("Writes refused because they would exceed max-memory")
                .tags("store", store).register(registry);
        this.lockHeld = Timer.builder("aspstate.lock.held")
                .description("How long session locks were held, measured when they were let go")
                .tags("store", store).serviceLevelObjectives(LOCK_BUCKETS).register(registry);
    }

    /** One operation's meters for one outcome. */
    private record Meters(Counter requests, Timer duration) {
    }

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
        outcome.requests.increment();
        outcome.duration.record(nanos, TimeUnit.NANOSECONDS);
        if (result == Result.LOCKED) {
            lockConflicts.increment();
        } else if (result == Result.STORE_FULL) {
            storeFull.increment();
        }
    }

    @Override
    public void lockReleased(long heldMillis) {
        lockHeld.record(heldMillis, TimeUnit.MILLISECONDS);
    }

    /** Only outcomes that happen get series; a racing second registration gets the same meters back. */
    private Meters register(Meters[] meters, String operation, Result result) {
        String outcome = result.name().toLowerCase(Locale.ROOT);
        Meters registered = new Meters(
                Counter.builder("aspstate.requests").description("Requests that reached a session store")
                        .tags("protocol", protocol, "store", store, "operation", operation, "outcome", outcome)
                        .register(registry),
                Timer.builder("aspstate.request.duration")
                        .description("Time from a request reaching its store to its answer being ready")
                        .tags("protocol", protocol, "store", store, "operation", operation, "outcome", outcome)
                        .serviceLevelObjectives(REQUEST_BUCKETS).register(registry));
        meters[result.ordinal()] = registered;
        return registered;
    }

    private static Duration[] durations(double... millis) {
        Duration[] durations = new Duration[millis.length];
        for (int i = 0; i < millis.length; i++) {
            durations[i] = Duration.ofNanos(Math.round(millis[i] * 1_000_000));
        }
        return durations;
    }
}
