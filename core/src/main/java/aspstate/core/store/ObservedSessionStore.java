package aspstate.core.store;

import aspstate.core.Failures;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A store that tells a {@link StoreObserver} how each operation ended, how long it took and how long the locks it
 * let go were held, by looking at what the mutation saw and decided. The protocols stay unaware of metrics, and
 * every store engine gets them alike.
 */
public final class ObservedSessionStore<V extends StoredValue> extends ForwardingSessionStore<V> {
    private final StoreObserver observer;

    public ObservedSessionStore(SessionStore<V> store, StoreObserver observer) {
        super(store);
        this.observer = observer;
    }

    @Override
    public <R> CompletionStage<R> execute(String key, Mutation<V, R> mutation) {
        long start = System.nanoTime();
        Observation<V, R> observation = new Observation<>(mutation);
        CompletionStage<R> stage = store.execute(key, observation);
        CompletableFuture<R> future = stage.toCompletableFuture();
        if (future.isDone()) {
            // The in-memory store answers inline: told at once, without a second stage per request.
            report(observation, future.isCompletedExceptionally() ? failureOf(future) : null, start);
            return stage;
        }
        return stage.whenComplete((result, failure) -> report(observation, failure, start));
    }

    private void report(Observation<V, ?> observation, Throwable failure, long startNanos) {
        observer.executed(observation.operation(), observation.result(failure), System.nanoTime() - startNanos);
        if (failure == null && observation.releasedLockHeldMillis >= 0) {
            observer.lockReleased(observation.releasedLockHeldMillis);
        }
    }

    private static Throwable failureOf(CompletableFuture<?> failed) {
        return failed.handle((result, failure) -> failure).join();
    }

    /**
     * Runs the mutation and remembers what its last run saw: a distributed store may run it more than once, and only
     * the last run's outcome was kept.
     */
    private static final class Observation<V extends StoredValue, R> implements Mutation<V, R> {
        private final Mutation<V, R> mutation;
        private StoreObserver.Result result;
        private long releasedLockHeldMillis;

        Observation(Mutation<V, R> mutation) {
            this.mutation = mutation;
        }

        @Override
        public Outcome<V, R> apply(V current, long nowMillis) {
            Outcome<V, R> outcome = mutation.apply(current, nowMillis);
            boolean wasLocked = current instanceof SessionValue<?> session && session.locked();
            if (current == null && outcome.change() != Outcome.Change.PUT) {
                result = StoreObserver.Result.NOT_FOUND;
            } else if (wasLocked && mutation.acquiresLock()) {
                result = StoreObserver.Result.LOCKED;
            } else {
                result = StoreObserver.Result.OK;
            }
            releasedLockHeldMillis = wasLocked && releases((SessionValue<?>) current, outcome)
                    ? Math.max(0, nowMillis - ((SessionValue<?>) current).lockedAtMillis())
                    : -1;
            return outcome;
        }

        /** The lock taken at the current lock time is gone: deleted, unlocked, or replaced by a newer lock. */
        private static boolean releases(SessionValue<?> current, Outcome<?, ?> outcome) {
            switch (outcome.change()) {
                case DELETE:
                    return true;
                case PUT:
                    SessionValue<?> next = (SessionValue<?>) outcome.value();
                    return !next.locked() || next.lockedAtMillis() != current.lockedAtMillis();
                default:
                    return false;
            }
        }

        StoreObserver.Result result(Throwable failure) {
            if (failure == null) {
                return result;
            }
            Throwable cause = Failures.cause(failure);
            if (cause instanceof StoreFullException) {
                return StoreObserver.Result.STORE_FULL;
            }
            if (cause instanceof StoreUnavailableException) {
                return StoreObserver.Result.UNAVAILABLE;
            }
            return StoreObserver.Result.ERROR;
        }

        @Override
        public String operation() {
            return mutation.operation();
        }

        @Override
        public boolean acquiresLock() {
            return mutation.acquiresLock();
        }
    }
}
