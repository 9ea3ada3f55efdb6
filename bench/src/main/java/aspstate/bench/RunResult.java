package aspstate.bench;

import java.time.Duration;

/**
 * The measured phase of a run.
 *
 * @param mostPagesInFlight the most pages started and not yet answered at once: at most the workers' number unless
 *                          the run was open-loop
 */
public record RunResult(String target, Workload workload, Duration measured, Metrics metrics, int mostPagesInFlight) {

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
