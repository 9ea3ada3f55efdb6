package aspstate.admin;

import aspstate.core.BackgroundPriority;
import aspstate.core.FatalErrors;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The threads that do the admin listener's slow work (store visits for listings and the lock census, reading and
 * changing a session, decoding its blob, a metrics scrape), so that none of it runs on an event loop the protocols
 * share. Half the cores (at least one), each resting after a task for as long as the task took, and a bounded
 * queue: admin work takes at most a quarter of the cores however hard clients ask (4 connections listing a store of
 * 200,000 sessions without pause would otherwise keep a core of two busy), at most that many blobs are decoded at
 * once, and work beyond the queue is refused at once. The threads run at the lowest priority
 * ({@link BackgroundPriority}), so an event loop with work takes the core from them at once. An operator's request
 * waits a little longer instead.
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
        executor = new ThreadPoolExecutor(
                threads, threads, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(queue), runnable -> {
                    Thread thread = new Thread(
                            () -> {
                                BackgroundPriority.lowerCurrentThread();
                                runnable.run();
                            },
                            "aspstate-admin-" + count.incrementAndGet());
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
        CompletableFuture<T> result = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                long start = System.nanoTime();
                try {
                    result.complete(work.get());
                } catch (Throwable e) {
                    result.completeExceptionally(e);
                    FatalErrors.exitIfFatal(
                            e, "admin worker", Thread.currentThread().getName());
                }
                // The answer is on its way; the thread rests before its next task.
                LockSupport.parkNanos(System.nanoTime() - start);
            });
        } catch (RejectedExecutionException e) {
            result.completeExceptionally(new Busy());
        }
        return result;
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
