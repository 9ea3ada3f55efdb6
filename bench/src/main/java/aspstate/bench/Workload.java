package aspstate.bench;

import aspstate.core.DurationText;
import java.time.Duration;

/**
 * What a run sends: which pages, over how many sessions and connections, for how long.
 *
 * @param mix          page kinds and their weights
 * @param sessions     live sessions pre-loaded before the run; pages pick one uniformly at random
 * @param payload      session sizes written
 * @param connections  TCP connections to the target
 * @param depth        pages in flight per connection (pipelining depth); 1 = one request at a time, like ASP.NET
 * @param warmup       time run but not measured
 * @param duration     measured time (the run stops at whichever of duration and maxPages comes first)
 * @param maxPages     measured pages to run at most; 0 = no limit
 * @param rate         pages per second to offer in total (paced); 0 = as fast as answers come
 * @param seed         seed of every random choice, for repeatable runs
 * @param preload      write the sessions before the run; false when an earlier run already did
 * @param preloadDepth writes in flight per connection while pre-loading; 1 for a target that does not answer
 *                     pipelined requests
 * @param preloadStall how long the pre-load may go without an answer before the run stops with an error
 * @param openLoop     with a rate: each worker starts its pages on schedule whether or not its earlier ones have been
 *                     answered (the requests queue on the connection), so a slow answer does not lower the load
 *                     offered to the target; without, a worker's next page waits for its last one (still timed from
 *                     its scheduled start)
 * @param maxInFlight  open loop: pages in flight at most, shared evenly by the workers (at least one each); a worker
 *                     at its share waits for an answer, and its pages still count from their scheduled starts
 */
public record Workload(
        PageMix mix,
        int sessions,
        PayloadSizes payload,
        int connections,
        int depth,
        Duration warmup,
        Duration duration,
        long maxPages,
        double rate,
        long seed,
        boolean preload,
        int preloadDepth,
        Duration preloadStall,
        boolean openLoop,
        int maxInFlight) {

    /** Writes in flight per connection while pre-loading, unless told otherwise. */
    public static final int DEFAULT_PRELOAD_DEPTH = 32;
    /** How long a pre-load may go without an answer, unless told otherwise. */
    public static final String DEFAULT_PRELOAD_STALL_TEXT = "30s";

    public static final Duration DEFAULT_PRELOAD_STALL = DurationText.parse(DEFAULT_PRELOAD_STALL_TEXT);

    /** Open loop: pages in flight at most, unless told otherwise. */
    public static final int DEFAULT_MAX_IN_FLIGHT = 10_000;

    /** A run never lasts longer than this, whatever it is told (a soak runs for hours, a benchmark for seconds). */
    public static final Duration MAX_DURATION = Duration.ofHours(24);

    public Workload {
        if (sessions < 1 && mix.usesPreloadedSessions()) {
            throw new IllegalArgumentException("--sessions must be at least 1 unless every page is a new visitor");
        }
        if (connections < 1 || connections > 4096) {
            throw new IllegalArgumentException("--connections must be 1..4096, got " + connections);
        }
        if (depth < 1 || depth > 1024) {
            throw new IllegalArgumentException("--depth must be 1..1024, got " + depth);
        }
        if (warmup.isNegative() || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("--duration must be positive and --warmup not negative");
        }
        if (warmup.plus(duration).compareTo(MAX_DURATION) > 0) {
            throw new IllegalArgumentException(
                    "warm-up plus duration may not exceed " + MAX_DURATION.toMinutes() + " minutes");
        }
        if (preloadDepth < 1 || preloadDepth > 1024) {
            throw new IllegalArgumentException("--preload-depth must be 1..1024, got " + preloadDepth);
        }
        if (preloadStall.isNegative() || preloadStall.isZero()) {
            throw new IllegalArgumentException("--preload-stall must be positive");
        }
        if (maxPages < 0 || rate < 0) {
            throw new IllegalArgumentException("--pages and --rate must not be negative");
        }
        if (openLoop && rate == 0) {
            throw new IllegalArgumentException("--open-loop needs --rate: without one there is no schedule to keep");
        }
        if (maxInFlight < 1 || maxInFlight > 1_000_000) {
            throw new IllegalArgumentException("--max-in-flight must be 1..1000000, got " + maxInFlight);
        }
    }

    /** Closed loop (or paced), with the default pre-load depth and stall limit. */
    public Workload(
            PageMix mix,
            int sessions,
            PayloadSizes payload,
            int connections,
            int depth,
            Duration warmup,
            Duration duration,
            long maxPages,
            double rate,
            long seed,
            boolean preload) {
        this(
                mix,
                sessions,
                payload,
                connections,
                depth,
                warmup,
                duration,
                maxPages,
                rate,
                seed,
                preload,
                DEFAULT_PRELOAD_DEPTH,
                DEFAULT_PRELOAD_STALL,
                false,
                DEFAULT_MAX_IN_FLIGHT);
    }

    public int workers() {
        return connections * depth;
    }
}
