package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.client.AspNetApplication;
import aspstate.client.GetResult;
import aspstate.client.LockSettings;
import aspstate.client.LockedItem;
import aspstate.client.Outcome;
import aspstate.client.SessionLockTimeoutException;
import aspstate.client.SessionStateClient;
import aspstate.client.SessionStateTimeoutException;
import aspstate.client.SessionStateUnavailableException;
import aspstate.client.StateServerConnection;
import aspstate.core.testing.Await;
import aspstate.core.testing.LoopbackPorts;
import aspstate.sessionformat.SessionStateData;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The public client against the real server: the provider operations, ASP.NET's keys, the lock protocol, limits. */
class SessionStateClientTest {
    /** Polls fast, so that the tests wait little; the lock ages come from the server's hand-driven clock. */
    private static final LockSettings QUICK =
            new LockSettings(Duration.ofMillis(20), Duration.ofSeconds(110), Duration.ofSeconds(10));

    private static final AspNetApplication APP = AspNetApplication.of("/LM/W3SVC/1/ROOT/app");

    private final TestServer server = new TestServer();
    private final List<AutoCloseable> closing = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable each : closing) {
            each.close();
        }
        server.close();
    }

    private SessionStateClient client(TestServer... servers) {
        SessionStateClient.Builder builder =
                SessionStateClient.builder().application(APP).networkTimeout(Duration.ofSeconds(5));
        for (TestServer each : servers) {
            builder.server(each.address());
        }
        SessionStateClient client = builder.build();
        closing.add(client);
        return client;
    }

    private static byte[] session(String user) {
        SessionStateData data = SessionStateData.create(20);
        data.items().set("user", user);
        return data.toBytes(false);
    }

    @Test
    void theProviderOperationsInTheOrderAspNetRunsThem() {
        SessionStateClient client = client(server);
        String id = "x3kqvbnmdfghjklpoiuytrew";

        assertThat(client.getItemExclusive(id).status()).isEqualTo(GetResult.Status.NOT_FOUND);
        assertThat(client.createUninitializedItem(id, 20)).isEqualTo(Outcome.DONE);
        GetResult first = client.getItemExclusive(id);
        assertThat(first.found()).isTrue();
        assertThat(first.initializeItem()).isTrue();
        assertThat(first.lockCookie()).isEqualTo(2);
        assertThat(SessionStateData.read(first.data()).items().size()).isZero();

        GetResult blocked = client.getItem(id);
        assertThat(blocked.locked()).isTrue();
        assertThat(blocked.lockCookie()).isEqualTo(2);

        assertThat(client.setAndReleaseItemExclusive(id, session("alice"), 30, first.lockCookie()))
                .isEqualTo(Outcome.DONE);
        GetResult read = client.getItem(id);
        assertThat(read.found()).isTrue();
        assertThat(read.initializeItem()).isFalse();
        assertThat(read.timeoutMinutes()).isEqualTo(30);
        assertThat(SessionStateData.read(read.data()).items().get("user")).isEqualTo("alice");

        assertThat(client.resetItemTimeout(id)).isEqualTo(Outcome.DONE);
        GetResult locked = client.getItemExclusive(id);
        assertThat(client.releaseItemExclusive(id, locked.lockCookie() + 1)).isEqualTo(Outcome.LOCKED);
        assertThat(client.removeItem(id, locked.lockCookie())).isEqualTo(Outcome.DONE);
        assertThat(client.getItem(id).status()).isEqualTo(GetResult.Status.NOT_FOUND);
        assertThat(client.resetItemTimeout(id)).isEqualTo(Outcome.NOT_FOUND);
    }

    @Test
    void sessionsAreKeptUnderTheKeyAspNetUsesForTheApplication() throws Exception {
        SessionStateClient client = client(server);
        client.setAndReleaseItemExclusive("abc", session("bob"), 20, 0);

        try (StateServerConnection raw = StateServerConnection.connect(server.address())) {
            // .NET: appId + "(" + Convert.ToBase64String(SHA256(UTF8(appId))) + ")/" + id
            String key = "/LM/W3SVC/1/ROOT/app(R5EE52bfK7ihOgyv24OP9wEttH30BGwj8EpKEUFh2KE=)/abc";
            assertThat(raw.get(key).join().isOk()).isTrue();
        }
    }

    @Test
    void aSecondRequestWaitsForTheLockAndGetsItWhenTheFirstReleases() {
        SessionStateClient client = client(server);
        client.setAndReleaseItemExclusive("s", session("a"), 20, 0);
        LockedItem first = client.acquireExclusive("s", QUICK).orElseThrow();

        CompletableFuture<Optional<LockedItem>> second = client.acquireExclusiveAsync("s", QUICK);
        assertThat(second).as("the lock is held").isNotDone();

        client.setAndReleaseItemExclusive("s", session("b"), 20, first.lockCookie());
        LockedItem got = SessionStateClient.await(second).orElseThrow();
        assertThat(got.lockCookie()).isGreaterThan(first.lockCookie());
        assertThat(SessionStateData.read(got.data()).items().get("user"))
                .as("it read what the first wrote")
                .isEqualTo("b");
    }

    @Test
    void aLockOlderThanTheExecutionTimeoutIsReleasedAndTaken() {
        SessionStateClient client = client(server);
        client.setAndReleaseItemExclusive("stuck", session("a"), 20, 0);
        LockedItem dead = client.acquireExclusive("stuck", QUICK).orElseThrow();

        server.clock.advance(Duration.ofSeconds(110));
        LockedItem taken = client.acquireExclusive("stuck", QUICK).orElseThrow();

        assertThat(taken.lockCookie()).isNotEqualTo(dead.lockCookie());
        assertThat(client.setAndReleaseItemExclusive("stuck", session("late"), 20, dead.lockCookie()))
                .as("the dead request's late write is refused")
                .isEqualTo(Outcome.LOCKED);
    }

    @Test
    void aLockHeldLongerThanTheCallerWaitsFailsClearly() {
        SessionStateClient client = client(server);
        client.setAndReleaseItemExclusive("held", session("a"), 20, 0);
        client.acquireExclusive("held", QUICK).orElseThrow();
        LockSettings impatient =
                new LockSettings(Duration.ofMillis(20), Duration.ofSeconds(110), Duration.ofMillis(100));

        assertThatThrownBy(() -> client.acquireExclusive("held", impatient))
                .isInstanceOf(SessionLockTimeoutException.class)
                .hasMessageContaining("session held is still locked by another request after waiting");
    }

    @Test
    void aMissingSessionIsCreatedUninitializedAndLockedOnlyWhenAsked() {
        SessionStateClient client = client(server);

        assertThat(client.acquireExclusive("new", QUICK)).isEmpty();
        LockedItem created = client.acquireOrCreateExclusive("new", QUICK, 45).orElseThrow();
        assertThat(created.initializeItem()).isTrue();
        assertThat(created.timeoutMinutes()).isEqualTo(45);
        assertThat(client.getItem("new").locked()).isTrue();
    }

    @Test
    void noAnswerWithinTheNetworkTimeoutFailsTheRequestAndClosesItsConnection() {
        try (TestServer late = new TestServer(TestServer.settings(), LateStore::new)) {
            SessionStateClient client = SessionStateClient.builder()
                    .server(late.address())
                    .networkTimeout(Duration.ofMillis(200))
                    .build();
            closing.add(client);
            ((LateStore) late.serving).hold();

            assertThatThrownBy(() -> client.getItem("k"))
                    .isInstanceOf(SessionStateTimeoutException.class)
                    .hasMessageContaining("no answer from " + late.address() + " within 200 ms");
            // Once the held answer goes out, a connection the client had kept would stay open in its pool.
            ((LateStore) late.serving).release();
            Await.until(
                    "the client closed its connection",
                    () -> late.listener.statistics().open() == 0);
        }
    }

    @Test
    void requestsGoToTheNextServerWhenTheFirstCannotBeReached() throws Exception {
        InetSocketAddress nobody = new InetSocketAddress("127.0.0.1", LoopbackPorts.free());
        SessionStateClient client = SessionStateClient.builder()
                .server(nobody)
                .server(server.address())
                .build();
        closing.add(client);

        assertThat(client.setAndReleaseItemExclusive("k", session("a"), 20, 0)).isEqualTo(Outcome.DONE);
        assertThat(client.getItem("k").found()).isTrue();
    }

    @Test
    void noServerReachableSaysWhichWereTriedAndWhy() throws Exception {
        InetSocketAddress nobody = new InetSocketAddress("127.0.0.1", LoopbackPorts.free());
        SessionStateClient client = SessionStateClient.builder().server(nobody).build();
        closing.add(client);

        assertThatThrownBy(() -> client.getItem("k"))
                .isInstanceOf(SessionStateUnavailableException.class)
                .hasMessageContaining("no session-state server could be reached: " + nobody);
    }

    @Test
    void aPoolOfTwoConnectionsServesManyRequestsAtOnce() {
        SessionStateClient client = SessionStateClient.builder()
                .server(server.address())
                .maxConnectionsPerServer(2)
                .build();
        closing.add(client);
        List<CompletableFuture<Outcome>> writes = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            writes.add(client.setAndReleaseItemExclusiveAsync("k" + i, session("u" + i), 20, 0));
        }

        writes.forEach(write -> assertThat(write.join()).isEqualTo(Outcome.DONE));
        assertThat(server.listener.statistics().open()).isLessThanOrEqualTo(2);
        assertThat(SessionStateData.read(client.getItem("k49").data()).items().get("user"))
                .isEqualTo("u49");
    }

    @Test
    void idsAsAspNetChecksThemAndDataTheProtocolNeeds() {
        SessionStateClient client = client(server);

        assertThatThrownBy(() -> client.getItem("x".repeat(81)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 to 80 characters");
        assertThatThrownBy(() -> client.setAndReleaseItemExclusive("k", new byte[0], 20, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one byte");
    }
}
