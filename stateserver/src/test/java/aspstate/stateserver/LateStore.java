package aspstate.stateserver;

import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.ForwardingSessionStore;
import aspstate.core.store.Mutation;
import aspstate.core.store.SessionStore;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The real memory store, answering late once told to hold: as a clustered store does, whose answer comes after
 * the request's read has returned. The test says when the held answer goes out.
 */
final class LateStore extends ForwardingSessionStore<SessionEntry> {
    private final CompletableFuture<Void> release = new CompletableFuture<>();
    /** The event loop of the first request held: the test queues its own tasks behind the server's there. */
    final CompletableFuture<EventExecutor> held = new CompletableFuture<>();

    private volatile boolean holding;

    LateStore(SessionStore<SessionEntry> store) {
        super(store);
    }

    /** Answers from now on wait for {@link #release()}. */
    void hold() {
        holding = true;
    }

    void release() {
        release.complete(null);
    }

    @Override
    public <R> CompletionStage<R> execute(String key, Mutation<SessionEntry, R> mutation) {
        CompletionStage<R> answer = store.execute(key, mutation);
        if (!holding) {
            return answer;
        }
        held.complete(ThreadExecutorMap.currentExecutor());
        return release.thenCompose(released -> answer);
    }
}
