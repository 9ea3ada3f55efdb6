package aspstate.admin;

import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Finds, shows, unlocks and deletes sessions for operators. Reading never changes a session (no expiry slides);
 * unlock and delete go through the store as any request does, atomically for the session.
 */
final class SessionInspector {
    /** A store that does not answer within this long (a cluster in trouble) fails the admin request. */
    private static final long STORE_TIMEOUT_SECONDS = 10;

    /** What an unlock found. */
    enum Unlock {
        UNLOCKED,
        NOT_LOCKED,
        NOT_FOUND
    }

    /** One page of a listing; nextCursor is left out on the last page. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Page(List<SessionSummary> sessions, long matched, String nextCursor) {}

    private final SessionStores stores;

    SessionInspector(SessionStores stores) {
        this.stores = stores;
    }

    Page list(SessionQuery query) {
        int window = query.offset() + query.limit();
        Comparator<SessionQuery.Listed> order = query.sort().order();
        // The window's last session at the head, so that one that beats it replaces it in log(window) steps, and
        // one that does not costs one comparison.
        PriorityQueue<SessionQuery.Listed> kept = new PriorityQueue<>(window + 1, order.reversed());
        long[] matched = {0};
        for (SessionStores.Named<?> named : stores.all()) {
            if (query.store().isPresent() && !query.store().get().equals(named.name())) {
                continue;
            }
            // The prefix as the store keys ids: an ASPState id prefix finds its sessions whatever its case.
            String prefix = named.key(query.prefix());
            wait(named.store().forEach((id, session) -> {
                if (!id.startsWith(prefix)
                        || query.locked().isPresent() && query.locked().get() != session.locked()) {
                    return;
                }
                matched[0]++;
                SessionQuery.Listed listed = new SessionQuery.Listed(named.name(), id, session);
                if (kept.size() < window) {
                    kept.add(listed);
                } else if (order.compare(listed, kept.peek()) < 0) {
                    kept.poll();
                    kept.add(listed);
                }
            }));
        }
        List<SessionQuery.Listed> sorted = new ArrayList<>(kept);
        sorted.sort(order);
        long now = stores.clock().millis();
        List<SessionSummary> page = sorted.subList(Math.min(query.offset(), sorted.size()), sorted.size()).stream()
                .map(listed -> SessionSummary.of(listed.store(), listed.id(), listed.session(), now))
                .toList();
        return new Page(
                page, matched[0], query.nextCursor(page.size(), matched[0]).orElse(null));
    }

    /** The session as stored, or empty when there is none; its expiry does not slide. */
    Optional<SessionValue<?>> find(SessionStores.Named<?> named, String id) {
        return Optional.ofNullable(wait(execute(named, id, new OperatorRead<>())));
    }

    Unlock unlock(SessionStores.Named<?> named, String id) {
        return wait(execute(named, id, new OperatorUnlock<>()));
    }

    boolean delete(SessionStores.Named<?> named, String id) {
        return wait(execute(named, id, new OperatorDelete<>()));
    }

    /** Runs the mutation on the session the id names, keyed as the store's protocol keys a client's id. */
    private static <V extends SessionValue<V>, R> CompletionStage<R> execute(
            SessionStores.Named<V> named, String id, Mutation<V, R> mutation) {
        return named.store().execute(named.key(id), mutation);
    }

    /** An operator's release of a lock, whoever holds it: what the holder's own release would have done. */
    private static final class OperatorUnlock<V extends SessionValue<V>> implements Mutation<V, Unlock> {
        @Override
        public Outcome<V, Unlock> apply(V current, long nowMillis) {
            if (current == null) {
                return Outcome.keep(Unlock.NOT_FOUND);
            }
            if (!current.locked()) {
                return Outcome.keep(Unlock.NOT_LOCKED);
            }
            return Outcome.put(current.withLockReleased(nowMillis), Unlock.UNLOCKED);
        }

        @Override
        public String operation() {
            return "AdminUnlock";
        }
    }

    private static final class OperatorRead<V extends SessionValue<V>> implements Mutation<V, SessionValue<?>> {
        @Override
        public Outcome<V, SessionValue<?>> apply(V current, long nowMillis) {
            return Outcome.keep(current);
        }

        @Override
        public String operation() {
            return "AdminRead";
        }
    }

    private static final class OperatorDelete<V extends SessionValue<V>> implements Mutation<V, Boolean> {
        @Override
        public Outcome<V, Boolean> apply(V current, long nowMillis) {
            return current == null ? Outcome.keep(false) : Outcome.delete(true);
        }

        @Override
        public String operation() {
            return "AdminDelete";
        }
    }

    private static <T> T wait(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().get(STORE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the store", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new StoreNotAnswering(e);
        }
    }

    /** The store failed or took longer than {@link #STORE_TIMEOUT_SECONDS}: the admin request answers 503. */
    static final class StoreNotAnswering extends RuntimeException {
        StoreNotAnswering(Exception cause) {
            super(cause.getMessage(), cause);
        }
    }
}
