package aspstate.spring.session;

import aspstate.client.SessionIds;
import aspstate.client.SessionStateClient;
import aspstate.client.SharedSession;
import aspstate.client.SharedSessionStore;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What the servlet and the reactive repository share: sessions opened (locked) and committed through a
 * {@link SharedSessionStore}, and a session id change carried out at commit.
 */
final class AspStateSessions {
    private final SharedSessionStore store;
    /** ASP.NET mode: only ids of ASP.NET's form are looked up, as SessionIDManager accepts only those. */
    private final boolean aspNetIdsOnly;

    AspStateSessions(SharedSessionStore store, boolean aspNetIdsOnly) {
        this.store = store;
        this.aspNetIdsOnly = aspNetIdsOnly;
    }

    AspStateSession create() {
        return new AspStateSession(store.create(classLoader()));
    }

    /**
     * The session {@code id}, locked; the store's own future, so that a caller that gives up on it (a subscriber
     * cancelled as its client went away, an interrupted thread) gives up the lock too.
     */
    CompletableFuture<Optional<SharedSession>> open(String id) {
        if (id == null
                || id.isEmpty()
                || id.length() > SessionIds.MAX_LENGTH
                || (aspNetIdsOnly && !SessionIds.isValid(id))) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return store.open(id, classLoader());
    }

    /**
     * Stores the session and gives its lock back. A session whose id changed is stored under the new id as a new
     * session, and the old one removed with the lock this request holds.
     */
    CompletableFuture<Void> commit(AspStateSession session) {
        SharedSession shared = session.shared();
        if (shared.finished()) {
            // Committed already (Spring Session saves when the response is committed and again when the request
            // ends): a session moved to a new id would be copied and written there again, over what the client's
            // next request may have stored meanwhile.
            return CompletableFuture.completedFuture(null);
        }
        if (!session.idChanged()) {
            return store.commit(shared);
        }
        SharedSession moved = store.copyTo(shared, session.getId());
        shared.abandon();
        return store.commit(moved).thenCompose(stored -> store.commit(shared));
    }

    CompletableFuture<Void> release(AspStateSession session) {
        return store.release(session.shared());
    }

    CompletableFuture<Void> delete(String id) {
        return store.delete(id);
    }

    SessionStateClient client() {
        return store.client();
    }

    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : AspStateSessions.class.getClassLoader();
    }
}
