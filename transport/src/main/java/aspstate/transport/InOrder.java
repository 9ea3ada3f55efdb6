package aspstate.transport;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Runs one connection's requests one after another: a request starts once the one before it has completed, so
 * requests a client pipelines are applied in its order, as they would be one at a time. A store that completes
 * inline never makes a request wait (nothing is queued, nothing allocated); with a store that completes later, the
 * next request starts on the connection's event loop, where connection state may be touched. Used on that event
 * loop only.
 */
public final class InOrder {
    private final Executor eventLoop;
    private CompletableFuture<?> last = CompletableFuture.completedFuture(null);

    public InOrder(Executor eventLoop) {
        this.eventLoop = eventLoop;
    }

    /**
     * Starts {@code request} now if the previous one is complete, else when it completes (whether it succeeded or
     * failed). A request that throws fails the returned stage instead.
     */
    public <T> CompletableFuture<T> run(Supplier<? extends CompletionStage<T>> request) {
        CompletableFuture<T> started = last.isDone()
                ? start(request)
                : last.handle((result, failure) -> null).thenComposeAsync(ignored -> start(request), eventLoop);
        last = started;
        return started;
    }

    private static <T> CompletableFuture<T> start(Supplier<? extends CompletionStage<T>> request) {
        try {
            return request.get().toCompletableFuture();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
