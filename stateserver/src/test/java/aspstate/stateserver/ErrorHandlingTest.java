package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.ForwardingSessionStore;
import aspstate.core.store.Mutation;
import aspstate.core.testing.Await;
import aspstate.core.testing.CapturedLog;
import ch.qos.logback.classic.Level;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Spec "Errors and limits": what closes the connection silently, what is answered 400, and the limits. */
class ErrorHandlingTest {
    private static final String BAD_REQUEST = "400 Bad Request\r\nX-AspNet-Version: 4.0.30319\r\n"
            + "Cache-Control: private\r\nContent-Length: 0\r\n\r\n";

    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    static List<Arguments> notRequests() {
        return List.of(
                Arguments.of("lower-case verb", "get k HTTP/1.1\r\n\r\n"),
                Arguments.of("unknown verb", "POST k HTTP/1.1\r\n\r\n"),
                Arguments.of("missing HTTP/1.1", "GET k\r\n\r\n"),
                Arguments.of("other HTTP version", "GET k HTTP/1.0\r\n\r\n"),
                Arguments.of("no target", "GET HTTP/1.1\r\n\r\n"),
                Arguments.of("empty request", "\r\n\r\n"),
                Arguments.of("non-numeric Content-Length", "PUT k HTTP/1.1\r\nContent-Length: ten\r\n\r\n"),
                Arguments.of("negative Content-Length", "PUT k HTTP/1.1\r\nContent-Length: -1\r\n\r\n"),
                Arguments.of(
                        "conflicting Content-Length",
                        "PUT k HTTP/1.1\r\nContent-Length:1\r\nContent-Length:2\r\n\r\nxy"),
                Arguments.of("body on a GET", "GET k HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc"),
                Arguments.of("body on a DELETE", "DELETE k HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc"),
                Arguments.of("header line without a colon", "GET k HTTP/1.1\r\nExclusive acquire\r\n\r\n"),
                Arguments.of(
                        "header section over 10 KiB", "GET k HTTP/1.1\r\nX-Pad: " + "p".repeat(10 * 1024) + "\r\n\r\n"),
                Arguments.of("endless request line", "GET " + "k".repeat(11 * 1024)),
                Arguments.of("binary garbage", "\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u01fc\u0003\u0003\r\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notRequests")
    void inputThatIsNotARequestClosesTheConnectionWithNothingSent(String what, String bytes) {
        try (RawConnection bystander = server.raw();
                RawConnection c = server.raw()) {
            bystander.send("PUT other HTTP/1.1\r\nContent-Length:1\r\n\r\nx");
            assertThat(bystander.readResponseText()).startsWith("200 OK");

            c.send(bytes);
            assertThat(c.bytesUntilClosed()).as(what).isZero();

            bystander.send("GET other HTTP/1.1\r\n\r\n");
            assertThat(bystander.readResponseText())
                    .as("other connections keep working")
                    .endsWith("\r\n\r\nx");
        }
    }

    @Test
    void requestsBeforeTheMalformedOneAreStillAnswered() {
        try (RawConnection c = server.raw()) {
            c.send("HEAD k HTTP/1.1\r\n\r\nBREW k HTTP/1.1\r\n\r\nGET k HTTP/1.1\r\n\r\n");
            assertThat(c.readResponseText()).startsWith("404 Not Found");
            assertThat(c.bytesUntilClosed()).isZero();
        }
    }

    static List<Arguments> badValues() {
        return List.of(
                Arguments.of("release without LockCookie", "GET k HTTP/1.1\r\nExclusive: release\r\n\r\n"),
                Arguments.of("unknown Exclusive value", "GET k HTTP/1.1\r\nExclusive: steal\r\n\r\n"),
                Arguments.of(
                        "non-numeric LockCookie on release",
                        "GET k HTTP/1.1\r\nExclusive: release\r\nLockCookie: x\r\n\r\n"),
                Arguments.of("LockCookie beyond 32 bits", "DELETE k HTTP/1.1\r\nLockCookie: 4294967296\r\n\r\n"),
                Arguments.of("Timeout above 525600", "PUT k HTTP/1.1\r\nTimeout:525601\r\nContent-Length:1\r\n\r\nx"),
                Arguments.of("negative Timeout", "PUT k HTTP/1.1\r\nTimeout:-1\r\nContent-Length:1\r\n\r\nx"),
                Arguments.of(
                        "Timeout out of range on an insert-only PUT",
                        "PUT k HTTP/1.1\r\nTimeout:-2147483648\r\nExtraFlags:1\r\nContent-Length:1\r\n\r\nx"),
                Arguments.of("non-numeric Timeout", "PUT k HTTP/1.1\r\nTimeout:20m\r\nContent-Length:1\r\n\r\nx"),
                Arguments.of("non-numeric ExtraFlags", "PUT k HTTP/1.1\r\nExtraFlags:yes\r\nContent-Length:1\r\n\r\nx"),
                Arguments.of("PUT without a body", "PUT k HTTP/1.1\r\nTimeout:20\r\n\r\n"),
                Arguments.of("PUT with Content-Length 0", "PUT k HTTP/1.1\r\nContent-Length: 0\r\n\r\n"),
                Arguments.of("non-numeric LockCookie on a plain GET", "GET k HTTP/1.1\r\nLockCookie: abc\r\n\r\n"),
                Arguments.of("non-numeric Timeout on a HEAD", "HEAD k HTTP/1.1\r\nTimeout: x\r\n\r\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badValues")
    void wellFramedRequestWithABadValueIsAnswered400AndTheConnectionKept(String what, String request) {
        try (RawConnection c = server.raw()) {
            c.send(request);
            assertThat(c.readResponseText()).as(what).isEqualTo(BAD_REQUEST);
            c.send("PUT k2 HTTP/1.1\r\nContent-Length:1\r\n\r\nx");
            assertThat(c.readResponseText()).as("connection still usable").startsWith("200 OK");
        }
        assertThat(server.store.statistics().created())
                .as("the bad request stored nothing")
                .isEqualTo(1);
    }

    /** The decoder refuses these before the store is asked: a locked session answers 400, not 423, and stays locked. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("badValues")
    void aBadValueOnALockedSessionIsAnswered400NotLocked(String what, String request) {
        try (RawConnection c = server.raw()) {
            c.send("PUT k HTTP/1.1\r\nContent-Length:1\r\n\r\nx");
            assertThat(c.readResponseText()).startsWith("200 OK");
            c.send("GET k HTTP/1.1\r\nExclusive: acquire\r\n\r\n");
            assertThat(c.readResponseText()).startsWith("200 OK");
            c.send(request);
            assertThat(c.readResponseText()).as(what).isEqualTo(BAD_REQUEST);
            c.send("GET k HTTP/1.1\r\nExclusive: acquire\r\n\r\n");
            assertThat(c.readResponseText()).as("still locked").startsWith("423");
        }
    }

    @Test
    void timeoutOfExactly525600IsAccepted() {
        try (RawConnection c = server.raw()) {
            c.send("PUT k HTTP/1.1\r\nTimeout:525600\r\nContent-Length:1\r\n\r\nx");
            assertThat(c.readResponseText()).startsWith("200 OK");
        }
    }

    @Test
    void bodyLargerThanMaxBodyClosesTheConnectionBeforeItArrives() {
        try (TestServer small = new TestServer(TestServer.settings().withMaxBodyBytes(1024), 0);
                RawConnection c = small.raw()) {
            c.send("PUT k HTTP/1.1\r\nContent-Length: 1024\r\n\r\n" + "a".repeat(1024));
            assertThat(c.readResponseText()).startsWith("200 OK");
            c.send("PUT k HTTP/1.1\r\nContent-Length: 1025\r\n\r\n");
            assertThat(c.bytesUntilClosed()).isZero();
        }
    }

    @Test
    void idleConnectionIsClosedAfterTheIdleTimeout() {
        try (TestServer quick = new TestServer(TestServer.settings().withIdleTimeout(Duration.ofMillis(300)), 0);
                RawConnection c = quick.raw()) {
            c.send("GET k HTTP/1.1\r\n\r\n");
            assertThat(c.readResponseText()).startsWith("404");
            long start = System.nanoTime();
            assertThat(c.bytesUntilClosed()).isZero();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(250));
        }
    }

    /**
     * Idleness counts the answers going out, not only the requests coming in: a client that reads a 12 MiB answer in
     * pieces, pausing between them, takes several idle timeouts to read it and must get all of it. Its small receive
     * window keeps most of the answer waiting on the server, where the idle check sees it move. (The pauses are the
     * slow client itself, not a wait for a condition.)
     */
    @Test
    void aClientStillTakingALargeAnswerSlowlyIsNotIdle() throws Exception {
        try (TestServer quick = quickServerWithABigSession();
                Socket socket = askForTheBigSessionThroughASmallWindow(quick)) {
            InputStream in = socket.getInputStream();
            byte[] piece = new byte[256 << 10];
            long received = 0;
            long started = System.nanoTime();
            for (int n; (n = in.readNBytes(piece, 0, piece.length)) > 0; ) {
                received += n;
                if (received < BIG_SESSION_BYTES) {
                    Thread.sleep(40);
                }
            }
            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .as("slower than the idle timeout")
                    .isGreaterThan(Duration.ofMillis(900));
            assertThat(received)
                    .as("the whole answer, then closed once idle")
                    .isGreaterThan(BIG_SESSION_BYTES)
                    .isLessThan(BIG_SESSION_BYTES + 200);
        }
    }

    /** The other side of it: a client that stops taking its answers is closed, its unsent answer dropped. */
    @Test
    void aClientThatStopsTakingItsAnswersIsClosed() throws Exception {
        try (TestServer quick = quickServerWithABigSession();
                Socket socket = askForTheBigSessionThroughASmallWindow(quick)) {
            Await.until(
                    "the server counted the connection",
                    () -> quick.listener.statistics().open() == 1);
            Await.until(
                    "the server closed the connection whose client reads nothing",
                    () -> quick.listener.statistics().open() == 0);
        }
    }

    /**
     * The same, when the client's second request came while the first answer was stuck: that request waits until
     * the channel can take more, and the idle timeout must not wait behind it, since the client will never let it
     * (the connection would stay open for good).
     */
    @Test
    void aClientThatStopsReadingWithARequestWaitingIsClosed() throws Exception {
        try (TestServer quick = quickServerWithABigSession();
                Socket socket = askForTheBigSessionThroughASmallWindow(quick)) {
            assertThat(new String(socket.getInputStream().readNBytes(8), StandardCharsets.US_ASCII))
                    .as("the first answer is under way")
                    .isEqualTo("200 OK\r\n");
            // a read of its own, while the first answer cannot go out
            socket.getOutputStream().write(GET_BIG_SESSION);
            Await.until(
                    "the server closed the connection whose client reads nothing",
                    () -> quick.listener.statistics().open() == 0);
        }
    }

    private static final int BIG_SESSION_BYTES = 12 << 20;
    private static final byte[] GET_BIG_SESSION = "GET big HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    /** A server with a 300 ms idle timeout that holds a 12 MiB session, "big". */
    private static TestServer quickServerWithABigSession() {
        TestServer quick = new TestServer(TestServer.settings().withIdleTimeout(Duration.ofMillis(300)), 0);
        try (StateServerConnection client = quick.client()) {
            assertThat(client.set("big", new byte[BIG_SESSION_BYTES], 20, null)
                            .join()
                            .status())
                    .isEqualTo(200);
        } catch (RuntimeException | Error e) {
            quick.close();
            throw e;
        }
        return quick;
    }

    /**
     * A connection that has asked for "big" through a 64 KiB receive window, so that most of the answer waits on the
     * server until the client reads it.
     */
    private static Socket askForTheBigSessionThroughASmallWindow(TestServer server) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setReceiveBufferSize(64 << 10);
            socket.setSoTimeout(10_000);
            socket.connect(server.address());
            socket.getOutputStream().write(GET_BIG_SESSION);
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    @Test
    void peerOutsideTheAllowListIsClosedAtOnceWithNothingSent() throws Exception {
        InetAddress allowedPeer = InetAddress.getByName("127.0.0.2");
        StateServerSettings onlyDotTwo =
                TestServer.settings().withAllowedPeers(List.of(CidrRange.parse("127.0.0.2/32")));
        try (TestServer guarded = new TestServer(onlyDotTwo, 0)) {
            try (RawConnection refused = new RawConnection(guarded.address(), InetAddress.getByName("127.0.0.1"))) {
                refused.send("GET k HTTP/1.1\r\n\r\n");
                assertThat(refused.bytesUntilClosed()).isZero();
            }
            try (RawConnection allowed = new RawConnection(guarded.address(), allowedPeer)) {
                allowed.send("GET k HTTP/1.1\r\n\r\n");
                assertThat(allowed.readResponseText()).startsWith("404 Not Found");
            }
        }
    }

    /**
     * A full store is the server's failure, not the client's: no 400 (ASP.NET would report a bad request), the
     * connection closes unanswered (ASP.NET fails the request: "unable to make the session state request"), with one
     * grouped log line however many are refused.
     */
    @Test
    void writeBeyondMaxMemoryClosesItsConnectionUnansweredAndNothingIsEvicted() {
        // 100 bytes: key "a" (1) + 60 bytes fits; key "b" (1) + 60 bytes does not.
        try (TestServer bounded = new TestServer(TestServer.settings(), 100);
                CapturedLog log = new CapturedLog(StateServerHandler.class, Level.WARN)) {
            try (RawConnection c = bounded.raw()) {
                c.send("PUT a HTTP/1.1\r\nContent-Length:60\r\n\r\n" + "x".repeat(60));
                assertThat(c.readResponseText()).startsWith("200 OK");
                c.send("PUT b HTTP/1.1\r\nContent-Length:60\r\n\r\n" + "y".repeat(60));
                assertThat(c.bytesUntilClosed()).isZero();
            }
            for (int i = 0; i < 20; i++) {
                try (RawConnection c = bounded.raw()) {
                    c.send("PUT b HTTP/1.1\r\nContent-Length:60\r\n\r\n" + "y".repeat(60));
                    assertThat(c.bytesUntilClosed()).isZero();
                }
            }
            assertThat(log.events()).hasSize(1);
            assertThat(log.events().get(0).getFormattedMessage()).startsWith("store full: closed 1 connection(s)");
            try (RawConnection c = bounded.raw()) {
                c.send("GET a HTTP/1.1\r\n\r\n");
                assertThat(c.readResponseText())
                        .as("the stored session survives")
                        .endsWith("x".repeat(60));
                c.send("GET b HTTP/1.1\r\n\r\n");
                assertThat(c.readResponseText()).startsWith("404");
                c.send("PUT a HTTP/1.1\r\nContent-Length:10\r\n\r\n" + "z".repeat(10));
                assertThat(c.readResponseText())
                        .as("shrinking is always allowed")
                        .startsWith("200 OK");
                c.send("PUT b HTTP/1.1\r\nContent-Length:60\r\n\r\n" + "y".repeat(60));
                assertThat(c.readResponseText()).as("freed room is usable").startsWith("200 OK");
            }
        }
    }

    /** A fault of the store: the same answer, and one ERROR line (with the stack trace) per interval, not per request. */
    @Test
    void aStoreFaultClosesTheConnectionAndIsLoggedOncePerInterval() {
        try (TestServer failing = new TestServer(TestServer.settings(), store -> new ForwardingSessionStore<>(store) {
                    @Override
                    public <R> CompletionStage<R> execute(String key, Mutation<SessionEntry, R> mutation) {
                        return CompletableFuture.failedFuture(new IllegalStateException("the disk caught fire"));
                    }
                });
                CapturedLog log = new CapturedLog(StateServerHandler.class, Level.WARN)) {
            for (int i = 0; i < 20; i++) {
                try (RawConnection c = failing.raw()) {
                    c.send("GET k HTTP/1.1\r\n\r\n");
                    assertThat(c.bytesUntilClosed()).isZero();
                }
            }
            assertThat(log.events()).hasSize(1);
            assertThat(log.events().get(0).getLevel()).isEqualTo(Level.ERROR);
            assertThat(log.events().get(0).getThrowableProxy().getMessage()).isEqualTo("the disk caught fire");
        }
    }
}
