package aspstate.admin;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs the server's {@link ReadinessCheck}s on a thread of their own, so that a probe is answered however busy the
 * admin workers are (a load balancer must not take a node out because someone lists its sessions). Probes that
 * arrive while the checks run share that run, so a flood of probes costs one run at a time; a run that takes
 * longer than {@link #TIMEOUT_SECONDS} answers not ready.
 */
final class Readiness implements AutoCloseable {
    static final long TIMEOUT_SECONDS = 5;

    /** Every check's result, in the checks' order. */
    record Report(Map<String, ReadinessCheck.Result> results) {
        boolean ready() {
            return results.values().stream().allMatch(ReadinessCheck.Result::ok);
        }

        static Report notReady(String reason) {
            return new Report(Map.of("checks", ReadinessCheck.Result.failed(reason)));
        }
    }

    private final List<ReadinessCheck> checks;
    private final ThreadPoolExecutor thread =
            new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(1), runnable -> {
                Thread checking = new Thread(runnable, "aspstate-readiness");
                checking.setDaemon(true);
                return checking;
            });
    private CompletableFuture<Report> running;

    Readiness(List<ReadinessCheck> checks) {
        this.checks = List.copyOf(checks);
    }

    /** The checks' results: those of the run under way, or of a new one. */
    synchronized CompletableFuture<Report> evaluate() {
        if (running != null && !running.isDone()) {
            return running;
        }
        try {
            running = CompletableFuture.supplyAsync(this::run, thread)
                    .completeOnTimeout(
                            Report.notReady("the checks did not finish within " + TIMEOUT_SECONDS + " s"),
                            TIMEOUT_SECONDS,
                            TimeUnit.SECONDS);
        } catch (RejectedExecutionException e) {
            // A check is stuck past its own bound, and one run already waits behind it.
            running = CompletableFuture.completedFuture(Report.notReady("a check is still running"));
        }
        return running;
    }

    private Report run() {
        Map<String, ReadinessCheck.Result> results = new LinkedHashMap<>();
        for (ReadinessCheck check : checks) {
            ReadinessCheck.Result result;
            try {
                result = check.check().get();
            } catch (RuntimeException e) {
                result = ReadinessCheck.Result.failed("the check failed: " + e);
            }
            results.put(check.name(), result);
        }
        return new Report(Collections.unmodifiableMap(results));
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
