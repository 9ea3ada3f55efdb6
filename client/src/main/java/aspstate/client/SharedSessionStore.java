package aspstate.client;

import aspstate.sessionformat.SessionFormatException;
import aspstate.sessionformat.SessionStateData;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Sessions as ASP.NET's session-state module handles them, for Java web integrations (Spring Session, the servlet
 * filter): {@link #open} locks and reads a session (waiting while another request holds it), the request works on
 * its attributes, and {@link #commit} writes it back and unlocks it, or only unlocks it when nothing changed, or
 * removes it when abandoned. Two concurrent requests of one session therefore run one after the other, and neither
 * loses the other's changes.
 */
public final class SharedSessionStore {
    private final SessionStateClient client;
    private final LockSettings lockSettings;
    private final int defaultTimeoutMinutes;
    private final boolean compressionEnabled;

    /**
     * @param defaultTimeoutMinutes the timeout of new sessions (ASP.NET's sessionState timeout, default 20)
     * @param compressionEnabled    write sessions deflate-compressed, as ASP.NET's {@code compressionEnabled}
     */
    public SharedSessionStore(
            SessionStateClient client,
            LockSettings lockSettings,
            int defaultTimeoutMinutes,
            boolean compressionEnabled) {
        if (defaultTimeoutMinutes < 1 || defaultTimeoutMinutes > 525_600) {
            throw new IllegalArgumentException("a session timeout is 1 to 525600 minutes (a year), as ASP.NET's");
        }
        this.client = client;
        this.lockSettings = lockSettings;
        this.defaultTimeoutMinutes = defaultTimeoutMinutes;
        this.compressionEnabled = compressionEnabled;
    }

    /** A new session with a new ASP.NET-style id; nothing is stored before {@link #commit}. */
    public SharedSession create(ClassLoader classLoader) {
        return new SharedSession(
                SessionIds.create(), SessionStateData.create(defaultTimeoutMinutes), 0, true, classLoader);
    }

    /**
     * A new session with a new ASP.NET-style id, stored at once (uninitialized, as ASP.NET stores a new session's
     * item) and locked by this request: a request sent with its cookie before this one commits then waits for it,
     * instead of missing the session. For integrations that may send the cookie before they commit.
     */
    public CompletableFuture<SharedSession> createStored(ClassLoader classLoader) {
        String id = SessionIds.create();
        return whenLocked(id, client.acquireOrCreateExclusiveAsync(id, lockSettings, defaultTimeoutMinutes), locked -> {
            LockedItem item = locked.orElseThrow(
                    () -> new SessionStateException("session " + id + " was removed as soon as it was created"));
            return new SharedSession(id, read(id, item), item.lockCookie(), true, classLoader);
        });
    }

    /**
     * Locks and reads session {@code id}; empty when there is no such session (expired, removed, or an id that was
     * never issued). Data that is not ASP.NET's session format unlocks the session again and fails with the
     * {@link SessionFormatException}.
     */
    public CompletableFuture<Optional<SharedSession>> open(String id, ClassLoader classLoader) {
        return whenLocked(
                id,
                client.acquireExclusiveAsync(id, lockSettings),
                locked -> locked.map(item ->
                        new SharedSession(id, read(id, item), item.lockCookie(), item.initializeItem(), classLoader)));
    }

    private static SessionStateData read(String id, LockedItem item) {
        try {
            return SessionStateData.read(item.data());
        } catch (SessionFormatException e) {
            throw new SessionFormatException(
                    "session " + id + " does not hold ASP.NET session data: " + e.getMessage());
        }
    }

    /**
     * What {@code reading} makes of the lock {@code locking} takes. The lock is released when {@code reading} fails
     * (the failure is the answer, once released), and when the caller gave up on the answer meanwhile (cancelled it,
     * or timed it out): the locking then stops, and a lock taken all the same would otherwise be held until its
     * execution timeout, every later request of the session waiting for it.
     */
    private <T> CompletableFuture<T> whenLocked(
            String id, CompletableFuture<Optional<LockedItem>> locking, Function<Optional<LockedItem>, T> reading) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        answer.whenComplete((value, error) -> locking.cancel(false));
        locking.whenComplete((locked, error) -> {
            if (error != null) {
                answer.completeExceptionally(SessionStateClient.unwrap(error));
                return;
            }
            T value;
            try {
                value = reading.apply(locked);
            } catch (RuntimeException e) {
                if (locked.isEmpty()) {
                    answer.completeExceptionally(e);
                } else {
                    client.releaseItemExclusiveAsync(id, locked.get().lockCookie())
                            .whenComplete((released, releaseError) -> answer.completeExceptionally(e));
                }
                return;
            }
            if (!answer.complete(value) && locked.isPresent()) {
                client.releaseItemExclusiveAsync(id, locked.get().lockCookie());
            }
        });
        return answer;
    }

    /**
     * Ends the request's work on the session: removed if abandoned, written and unlocked if it changed (or is new),
     * only unlocked otherwise. A session committed already is left alone.
     *
     * @throws SessionStateException (in the future) when the lock was lost meanwhile (another request released it
     *                               after the execution timeout): the changes are then not stored
     */
    public CompletableFuture<Void> commit(SharedSession session) {
        if (session.finished()) {
            return CompletableFuture.completedFuture(null);
        }
        session.finish();
        if (session.abandoned()) {
            return session.isNew() && session.lockCookie() == 0
                    ? CompletableFuture.completedFuture(null)
                    : client.removeItemAsync(session.id(), session.lockCookie()).thenApply(outcome -> null);
        }
        if (!session.needsWriting()) {
            return client.releaseItemExclusiveAsync(session.id(), session.lockCookie())
                    .thenApply(outcome -> null);
        }
        byte[] bytes;
        try {
            session.attributes().flush();
            bytes = session.data().toBytes(compressionEnabled);
        } catch (RuntimeException e) {
            // ASP.NET releases the lock when a session cannot be serialized, so the next request is not held up.
            return client.releaseItemExclusiveAsync(session.id(), session.lockCookie())
                    .handle((outcome, error) -> {
                        throw e;
                    });
        }
        return client.setAndReleaseItemExclusiveAsync(
                        session.id(), bytes, session.timeoutMinutes(), session.lockCookie())
                .thenApply(outcome -> {
                    if (outcome == Outcome.LOCKED) {
                        throw new SessionStateException("session " + session.id() + " was not stored: its lock was "
                                + "released by another request after the execution timeout of "
                                + lockSettings.executionTimeout().toSeconds() + " s");
                    }
                    return null;
                });
    }

    /**
     * A new session holding {@code session}'s items and timeout under {@code newId}, to be committed as new (a
     * session id changed at login, against session fixation); nothing is stored before {@link #commit}.
     */
    public SharedSession copyTo(SharedSession session, String newId) {
        session.attributes().flush();
        aspstate.sessionformat.SessionStateData copy =
                aspstate.sessionformat.SessionStateData.read(session.data().toBytes(false));
        return new SharedSession(newId, copy, 0, true, session.attributes().classLoader());
    }

    /** Unlocks the session without writing anything (a request that failed, or read only). */
    public CompletableFuture<Void> release(SharedSession session) {
        if (session.finished() || session.lockCookie() == 0) {
            session.finish();
            return CompletableFuture.completedFuture(null);
        }
        session.finish();
        return client.releaseItemExclusiveAsync(session.id(), session.lockCookie())
                .thenApply(outcome -> null);
    }

    /** Removes session {@code id} that this request does not hold (it is locked and removed in one go). */
    public CompletableFuture<Void> delete(String id) {
        return client.acquireExclusiveAsync(id, lockSettings)
                .thenCompose(locked -> locked.isEmpty()
                        ? CompletableFuture.completedFuture(null)
                        : client.removeItemAsync(id, locked.get().lockCookie()).thenApply(outcome -> null));
    }

    public SessionStateClient client() {
        return client;
    }

    public int defaultTimeoutMinutes() {
        return defaultTimeoutMinutes;
    }
}
