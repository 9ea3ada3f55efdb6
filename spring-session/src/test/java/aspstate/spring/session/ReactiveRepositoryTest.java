package aspstate.spring.session;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.AspNetApplication;
import aspstate.client.LockSettings;
import aspstate.client.SessionStateClient;
import aspstate.client.SharedSessionStore;
import aspstate.client.testing.ScriptedStateServer;
import aspstate.stateserver.testing.LoopbackStateServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/** The reactive repository on a real aspstate listener: a session found is locked until it is saved. */
class ReactiveRepositoryTest {
    private final LoopbackStateServer aspstate = new LoopbackStateServer();
    private final SessionStateClient client = SessionStateClient.builder()
            .server(aspstate.address())
            .application(AspNetApplication.of("/LM/W3SVC/1/ROOT/shop"))
            .build();
    private final AspStateReactiveSessionRepository repository = repositoryOf(client);

    private static AspStateReactiveSessionRepository repositoryOf(SessionStateClient client) {
        return new AspStateReactiveSessionRepository(new AspStateSessions(
                new SharedSessionStore(
                        client,
                        new LockSettings(Duration.ofMillis(20), Duration.ofSeconds(110), Duration.ofSeconds(10)),
                        20,
                        false),
                true));
    }

    @AfterEach
    void stop() {
        client.close();
        aspstate.close();
    }

    @Test
    void aSessionFoundIsHeldUntilSavedAndTheNextOneSeesTheChange() {
        AspStateSession created = repository.createSession().block();
        created.setAttribute("count", 1);
        repository.save(created).block();

        AspStateSession first = repository.findById(created.getId()).block();
        Mono<AspStateSession> second = repository.findById(created.getId()).cache();
        second.subscribe();
        first.setAttribute("count", (Integer) first.getAttribute("count") + 1);
        assertThat(second.toFuture()).as("the first request holds the lock").isNotDone();

        repository.save(first).block();
        assertThat((Integer) second.block(Duration.ofSeconds(10)).getAttribute("count"))
                .isEqualTo(2);
    }

    /**
     * A lookup whose subscriber is cancelled (its client went away) while the lock is on its way: the lock taken is
     * released at once, not held until its execution timeout. The server here is the test, byte by byte.
     */
    @Test
    void aLookupCancelledWhileItsLockIsOnItsWayReleasesTheLock() throws Exception {
        try (ScriptedStateServer server = new ScriptedStateServer();
                SessionStateClient scripted = SessionStateClient.builder()
                        .server(server.address())
                        .application(AspNetApplication.of("/LM/W3SVC/1/ROOT/shop"))
                        .build()) {
            Disposable lookup =
                    repositoryOf(scripted).findById("abcdefghijklmnopqrstuvwx").subscribe();
            assertThat(server.nextRequest()).contains("Exclusive: acquire");

            lookup.dispose();
            server.answerLocked(7);

            assertThat(server.nextRequest()).contains("Exclusive: release").contains("LockCookie:7");
        }
    }

    @Test
    void anIdNotOfAspNetsFormIsNoSession() {
        assertThat(repository.findById("../../etc").blockOptional()).isEmpty();
        assertThat(repository.findById("abcdefghijklmnopqrstuvwx").blockOptional())
                .isEmpty();
    }
}
