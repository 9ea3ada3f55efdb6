package aspstate.admin;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The threads that do the admin listener's slow work (store visits for listings and the lock census, reading and
 * changing a session, decoding its blob, a metrics scrape), so that none of it runs on an event loop the protocols
 * share. Half the cores (at least one) and a bounded queue: the protocols keep the other half whatever the admin
 * clients ask, at most that many blobs are decoded at once, and work beyond the queue is refused at once.
 */
final class AdminWorkers implements AutoCloseable {
    /** Work refused because the queue is full: the request is answered 503 with Retry-After. */
    static final class Busy extends RuntimeException {
        Busy() {
            super("the admin workers are busy", null, false, false);
        }
    }

    private final ThreadPoolExecutor executor;

    AdminWorkers(int threads, int queue) {
        AtomicInteger count = new AtomicInteger();
        executor = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(queue),
                runnable -> {
                    Thread thread = new Thread(runnable, "aspstate-admin-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /** Half the cores this process may use, at least one. */
    static int defaultThreads() {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    }

    /** Runs {@code work} on a worker; fails with {@link Busy} at once when the queue is full. */
    <T> CompletableFuture<T> submit(Supplier<T> work) {
        try {
            return CompletableFuture.supplyAsync(work, executor);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new Busy());
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
