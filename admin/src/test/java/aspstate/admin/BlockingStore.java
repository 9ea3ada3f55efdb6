package aspstate.admin;

import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.ForwardingSessionStore;
import aspstate.core.store.Mutation;
import aspstate.core.store.SessionStore;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * A real store whose visits wait until the test lets them go, as a visit of a store with millions of sessions (or
 * a stalled cluster) takes its time; it remembers which threads visited it.
 */
final class BlockingStore extends ForwardingSessionStore<SessionEntry> {
    final CountDownLatch visiting = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final List<String> visitors = new CopyOnWriteArrayList<>();

    BlockingStore(SessionStore<SessionEntry> store) {
        super(store);
    }

    @Override
    public <R> CompletionStage<R> execute(String key, Mutation<SessionEntry, R> mutation) {
        return store.execute(key, mutation);
    }

    @Override
    public CompletionStage<Void> forEach(BiConsumer<String, SessionEntry> visitor) {
        visitors.add(Thread.currentThread().getName());
        visiting.countDown();
        try {
            if (!release.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released the visit");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return super.forEach(visitor);
    }
}
