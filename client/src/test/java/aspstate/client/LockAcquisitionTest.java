package aspstate.client;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.testing.ScriptedStateServer;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The lock protocol when the caller gives up while the request that takes the lock is on its way: the lock taken is
 * released at once, not left until its execution timeout with every later request of the session waiting for it.
 */
class LockAcquisitionTest {
    private static final LockSettings QUICK =
            new LockSettings(Duration.ofMillis(20), Duration.ofSeconds(110), Duration.ofSeconds(10));

    @Test
    void aLockTakenAfterTheCallerGaveUpIsReleasedAtOnce() throws Exception {
        aLockGivenUpOnIsReleased(client -> {
            CompletableFuture<Optional<LockedItem>> lock = client.acquireExclusiveAsync("s", QUICK);
            return () -> lock.cancel(false);
        });
    }

    /** The same through the shared sessions' {@code open}, whose answer is made from the lock's. */
    @Test
    void aSessionOpenedAfterTheCallerGaveUpIsUnlockedAtOnce() throws Exception {
        aLockGivenUpOnIsReleased(client -> {
            SharedSessionStore sessions = new SharedSessionStore(client, QUICK, 20, false);
            CompletableFuture<Optional<SharedSession>> opened =
                    sessions.open("s", getClass().getClassLoader());
            return () -> opened.cancel(false);
        });
    }

    /** The same for a caller blocked waiting for the lock, whose thread is interrupted. */
    @Test
    void aLockTakenAfterTheWaitingThreadWasInterruptedIsReleasedAtOnce() throws Exception {
        aLockGivenUpOnIsReleased(client -> {
            CompletableFuture<Throwable> waiting = new CompletableFuture<>();
            Thread waiter = new Thread(() -> {
                try {
                    client.acquireExclusive("s", QUICK);
                    waiting.complete(null);
                } catch (RuntimeException e) {
                    waiting.complete(e);
                }
            });
            waiter.start();
            return () -> {
                waiter.interrupt();
                assertThat(waiting.get(10, TimeUnit.SECONDS)).isInstanceOf(SessionStateException.class);
            };
        });
    }

    /** How a test waits for a lock, and gives up on it. */
    private interface Waiting {
        GiveUp start(SessionStateClient client);
    }

    private interface GiveUp {
        void now() throws Exception;
    }

    /**
     * Starts {@code waiting} for session s's lock, gives up once its GetExclusive reached the server, then answers
     * it with the lock: the client must send the release of that lock next.
     */
    private static void aLockGivenUpOnIsReleased(Waiting waiting) throws Exception {
        try (ScriptedStateServer server = new ScriptedStateServer();
                SessionStateClient client = SessionStateClient.builder()
                        .server(server.address())
                        .application(AspNetApplication.of("/LM/W3SVC/1/ROOT/app"))
                        .build()) {
            GiveUp giveUp = waiting.start(client);
            assertThat(server.nextRequest()).contains("Exclusive: acquire");

            giveUp.now();
            server.answerLocked(7);

            assertThat(server.nextRequest()).contains("Exclusive: release").contains("LockCookie:7");
        }
    }
}
