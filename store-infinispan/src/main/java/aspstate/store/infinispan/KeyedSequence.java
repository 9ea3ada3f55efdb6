package aspstate.store.infinispan;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;

/**
 * Runs asynchronous tasks one after another per key, in the order they came, and tasks of different keys at once.
 * A key with nothing running costs one map entry for as long as its task runs.
 */
final class KeyedSequence {
    /**
     * Where a task that waited for the one before it starts: not inside that task's completion, so that a long run
     * of tasks that complete at once does not nest one call inside another.
     */
    private static final Executor NEXT = ForkJoinPool.commonPool();

    /** The last task of each key with a task running, which the next one waits for. */
    private final ConcurrentHashMap<String, CompletableFuture<Object>> last = new ConcurrentHashMap<>();

    <R> CompletionStage<R> run(String key, Supplier<CompletionStage<R>> task) {
        CompletableFuture<Object> mine = new CompletableFuture<>();
        CompletableFuture<Object> before = last.put(key, mine);
        if (before == null) {
            start(key, task, mine);
        } else {
            before.whenCompleteAsync((result, failure) -> start(key, task, mine), NEXT);
        }
        @SuppressWarnings("unchecked")
        CompletionStage<R> answer = (CompletionStage<R>) (CompletionStage<?>) mine;
        return answer;
    }

    private <R> void start(String key, Supplier<CompletionStage<R>> task, CompletableFuture<Object> mine) {
        CompletionStage<R> running;
        try {
            running = task.get();
        } catch (RuntimeException e) {
            running = CompletableFuture.failedFuture(e);
        }
        running.whenComplete((result, failure) -> {
            // Only the last task of a key takes its entry away; a later one keeps it for the one after.
            last.remove(key, mine);
            if (failure != null) {
                mine.completeExceptionally(failure);
            } else {
                mine.complete(result);
            }
        });
    }
}
