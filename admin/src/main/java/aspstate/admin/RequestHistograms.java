package aspstate.admin;

import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * The two histograms fed on the hot path, made with the Prometheus client itself (the one Micrometer's registry is
 * built on, sharing its registry): its classic histogram costs a bucket search and three adds per observation,
 * where Micrometer's Timer also keeps a rolling maximum and a time window, about 200 ns more per request
 * (MemoryStoreBenchmark, observed=metrics against observed=wrapper).
 */
final class RequestHistograms {
    /** From a tenth of a millisecond (an in-memory request) to seconds (a stalled cluster). */
    private static final double[] REQUEST_SECONDS = {
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
    };
    /** A lock normally lasts one page's request; up to the minutes a stuck one lasts. */
    private static final double[] LOCK_SECONDS = {0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120, 300, 600};

    final Histogram requests;
    final Histogram locksHeld;

    RequestHistograms(PrometheusRegistry registry) {
        requests = Histogram.builder()
                .name("aspstate_request_duration_seconds")
                .help("Time from a request reaching its store to its answer being ready")
                .labelNames("protocol", "store", "operation", "outcome")
                .classicOnly()
                .classicUpperBounds(REQUEST_SECONDS)
                .withoutExemplars()
                .register(registry);
        locksHeld = Histogram.builder()
                .name("aspstate_lock_held_seconds")
                .help("How long session locks were held, measured when they were let go")
                .labelNames("store")
                .classicOnly()
                .classicUpperBounds(LOCK_SECONDS)
                .withoutExemplars()
                .register(registry);
    }
}
