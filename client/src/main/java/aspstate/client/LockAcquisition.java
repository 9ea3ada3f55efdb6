package aspstate.client;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One run of the session-state module's lock protocol (SessionStateModule.GetSessionStateItem and
 * PollLockedSession): GetItemExclusive; a missing session created uninitialized and asked for again; a locked one
 * polled, its lock released once older than the execution timeout. A caller that gives up on the answer (cancels it,
 * or completes it itself, as a timeout does) stops the polling, and a lock taken all the same is released: nobody
 * would release it otherwise, and every later request of the session would wait for its execution timeout.
 */
final class LockAcquisition {
    private final SessionStateClient client;
    private final String sessionId;
    private final LockSettings settings;
    /** The timeout of a missing session created uninitialized; 0: a missing session is not created. */
    private final int createTimeoutMinutes;

    private final long startNanos = System.nanoTime();
    private final CompletableFuture<Optional<LockedItem>> result = new CompletableFuture<>();
    /** The session is created at most once: if it vanishes again, it is reported missing. */
    private boolean created;

    LockAcquisition(SessionStateClient client, String sessionId, LockSettings settings, int createTimeoutMinutes) {
        this.client = client;
        this.sessionId = sessionId;
        this.settings = settings;
        this.createTimeoutMinutes = createTimeoutMinutes;
    }

    CompletableFuture<Optional<LockedItem>> start() {
        attempt();
        return result;
    }

    private void attempt() {
        if (result.isDone()) {
            return;
        }
        client.getItemExclusiveAsync(sessionId).whenComplete((item, error) -> {
            if (error != null) {
                result.completeExceptionally(SessionStateClient.unwrap(error));
            } else {
                answered(item);
            }
        });
    }

    private void answered(GetResult item) {
        switch (item.status()) {
            case FOUND -> {
                LockedItem locked = new LockedItem(
                        sessionId, item.lockCookie(), item.data(), item.timeoutMinutes(), item.initializeItem());
                if (!result.complete(Optional.of(locked))) {
                    client.releaseItemExclusiveAsync(sessionId, item.lockCookie());
                }
            }
            case NOT_FOUND -> {
                if (createTimeoutMinutes == 0 || created) {
                    result.complete(Optional.empty());
                    return;
                }
                created = true;
                // Inserted only if absent: a concurrent request creating it too leaves one item, and both then lock.
                client.createUninitializedItemAsync(sessionId, createTimeoutMinutes)
                        .whenComplete((outcome, error) -> {
                            if (error != null) {
                                result.completeExceptionally(SessionStateClient.unwrap(error));
                            } else {
                                attempt();
                            }
                        });
            }
            case LOCKED -> locked(item);
        }
    }

    private void locked(GetResult item) {
        Duration waited = Duration.ofNanos(System.nanoTime() - startNanos);
        if (waited.compareTo(settings.maxWait()) >= 0) {
            result.completeExceptionally(new SessionLockTimeoutException(sessionId, waited));
            return;
        }
        CompletableFuture<?> before = item.lockAge().compareTo(settings.executionTimeout()) >= 0
                ? client.releaseItemExclusiveAsync(sessionId, item.lockCookie())
                : CompletableFuture.completedFuture(null);
        before.whenComplete((released, error) -> {
            if (error != null) {
                result.completeExceptionally(SessionStateClient.unwrap(error));
                return;
            }
            CompletableFuture.delayedExecutor(settings.pollInterval().toNanos(), TimeUnit.NANOSECONDS)
                    .execute(this::attempt);
        });
    }
}
