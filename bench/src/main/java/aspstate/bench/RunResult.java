package aspstate.bench;

import java.time.Duration;

/** The measured phase of a run. */
public record RunResult(String target, Workload workload, Duration measured, Metrics metrics) {

    public double pagesPerSecond() {
        return metrics.pages() / seconds();
    }

    public double requestsPerSecond() {
        return metrics.requests() / seconds();
    }

    private double seconds() {
        return Math.max(1e-9, measured.toNanos() / 1e9);
    }
}
