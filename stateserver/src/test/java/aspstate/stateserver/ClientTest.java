package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.client.UnsentRequestException;
import aspstate.core.stateserver.SessionEntry;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Java client against the real server: every operation and its typed result. */
class ClientTest {
    private final TestServer server = new TestServer();
    private final StateServerConnection client = server.client();

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void newSessionSequenceOfTheRealClient() {
        String id = "/LM/W3SVC/1/ROOT/app(Ab+c=)/x3kq";
        assertThat(client.getExclusive(id).join().isNotFound()).isTrue();
        assertThat(client.set(id, bytes("empty"), 20, 0, true).join().isOk()).isTrue();

        StateServerResponse first = client.getExclusive(id).join();
        assertThat(first.isOk()).isTrue();
        assertThat(first.actionFlags()).isTrue();
        assertThat(first.lockCookie()).isEqualTo(2);
        assertThat(first.timeoutMinutes()).isEqualTo(20);
        assertThat(first.aspNetVersion()).isEqualTo("4.0.30319");
        assertThat(first.data()).isEqualTo(bytes("empty"));

        assertThat(client.set(id, bytes("cart=3"), 20, first.lockCookie())
                        .join()
                        .isOk())
                .isTrue();
        StateServerResponse read = client.get(id).join();
        assertThat(read.actionFlags()).isFalse();
        assertThat(read.lockCookie()).isNull();
        assertThat(read.data()).isEqualTo(bytes("cart=3"));
    }

    @Test
    void lockedResultCarriesLockAgeDateAndCookie() {
        client.set("k", bytes("v"), 20, null).join();
        StateServerResponse lock = client.getExclusive("k").join();
        server.clock.advance(Duration.ofSeconds(111));

        StateServerResponse blocked = client.get("k").join();
        assertThat(blocked.isLocked()).isTrue();
        assertThat(blocked.lockAgeSeconds()).isEqualTo(111);
        assertThat(blocked.lockCookie()).isEqualTo(lock.lockCookie());
        assertThat(blocked.lockDate())
                .isEqualTo(LocalDateTime.ofEpochSecond(TestServer.START_MILLIS / 1000, 0, ZoneOffset.UTC));
        assertThat(blocked.data()).isEmpty();

        // What ASP.NET does once LockAge passes executionTimeout: release with the cookie from the 423.
        assertThat(client.releaseExclusive("k", blocked.lockCookie()).join().isOk())
                .isTrue();
        assertThat(client.get("k").join().isOk()).isTrue();
    }

    @Test
    void removeAndResetTimeout() {
        client.set("k", bytes("v"), 1, null).join();
        server.clock.advance(Duration.ofSeconds(50));
        assertThat(client.resetTimeout("k").join().isOk()).isTrue();
        server.clock.advance(Duration.ofSeconds(50));
        assertThat(client.get("k").join().isOk()).as("HEAD pushed the expiry").isTrue();

        StateServerResponse lock = client.getExclusive("k").join();
        assertThat(client.remove("k", null).join().isLocked()).isTrue();
        assertThat(client.remove("k", lock.lockCookie() + 1).join().isLocked()).isTrue();
        assertThat(client.remove("k", lock.lockCookie()).join().isOk()).isTrue();
        assertThat(client.remove("k", null).join().isNotFound()).isTrue();
        assertThat(server.store.statistics().removed()).isEqualTo(1);
    }

    @Test
    void sessionExpiresAfterItsTimeoutWithoutBeingAskedFor() {
        client.set("k", bytes("v"), 1, null).join();
        server.clock.advance(Duration.ofSeconds(61));
        assertThat(server.store.reapExpired(100)).isEqualTo(1);
        assertThat(server.store.statistics().active()).isZero();
        assertThat(server.store.statistics().expired()).isEqualTo(1);
        assertThat(client.get("k").join().isNotFound()).isTrue();
    }

    @Test
    void cookieWrapsFrom2147483646BackTo2OverTheWire() {
        client.set("k", bytes("v"), 20, null).join();
        server.store.execute(
                "k",
                (entry, now) -> aspstate.core.store.Outcome.put(
                        new SessionEntry(
                                entry.data(),
                                entry.timeoutMinutes(),
                                entry.expiresAtMillis(),
                                false,
                                0,
                                SessionEntry.MAX_COOKIE - 1,
                                false),
                        null));
        StateServerResponse a = client.getExclusive("k").join();
        assertThat(a.lockCookie()).isEqualTo(SessionEntry.MAX_COOKIE);
        client.releaseExclusive("k", a.lockCookie()).join();
        assertThat(client.getExclusive("k").join().lockCookie()).isEqualTo(2);
    }

    @Test
    void insertOnlySetLeavesAnExistingSessionAlone() {
        client.set("k", bytes("original"), 20, null).join();
        StateServerResponse lock = client.getExclusive("k").join();
        assertThat(client.set("k", bytes("intruder"), 5, null, true).join().isOk())
                .isTrue();
        assertThat(client.releaseExclusive("k", lock.lockCookie()).join().isOk())
                .isTrue();
        StateServerResponse read = client.get("k").join();
        assertThat(read.data()).isEqualTo(bytes("original"));
        assertThat(read.timeoutMinutes()).isEqualTo(20);
    }

    @Test
    void pipelinedCallsCompleteInOrder() {
        List<CompletableFuture<StateServerResponse>> answers = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            answers.add(client.set("p" + i, bytes("v" + i), 20, null));
            answers.add(client.get("p" + i));
        }
        for (int i = 0; i < 200; i++) {
            assertThat(answers.get(2 * i).join().isOk()).isTrue();
            assertThat(answers.get(2 * i + 1).join().data()).isEqualTo(bytes("v" + i));
        }
    }

    @Test
    void unansweredCallsFailWhenTheServerCloses() throws Exception {
        try (StateServerConnection other = server.client()) {
            assertThat(other.get("x").join().isNotFound()).isTrue();
            server.listener.close();
            // Written before the client read the close: lost with the connection; after: never sent.
            assertThatThrownBy(() -> other.get("x").join())
                    .isInstanceOf(CompletionException.class)
                    .cause()
                    .isInstanceOfAny(ClosedChannelException.class, UnsentRequestException.class);
        }
    }

    @Test
    void emptySetIsRefusedLocally() {
        assertThatThrownBy(() -> client.set("k", new byte[0], 20, null)).isInstanceOf(IllegalArgumentException.class);
    }
}
