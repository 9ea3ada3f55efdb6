package aspstate.admin;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.testing.Await;
import aspstate.core.testing.CapturedLog;
import aspstate.core.testing.NonReadingClient;
import aspstate.core.testing.RawHttp;
import aspstate.transport.ConnectionLimits;
import ch.qos.logback.classic.Level;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.Logger;

/**
 * What a hostile or broken client tries against the admin listener, on real sockets: each costs it its own
 * connection at most, and the health probe is answered meanwhile.
 */
@Timeout(60)
class AdminListenerAbuseTest {
    private static final byte[] LIVE =
            "GET /health/live HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    /**
     * A client pipelining health probes and never reading the answers: the listener read every request and queued
     * every answer, and 16 such connections exhausted a 256 MiB heap. Now it stops reading from the client once its
     * unsent answers pass --max-unsent (or closes it, where the transport keeps reading regardless), so the client
     * cannot send 64 MiB.
     */
    @Test
    void aClientThatNeverReadsItsAnswersCannotMakeTheListenerReadWithoutEnd() throws Exception {
        try (AdminTestServer server = AdminTestServer.start()) {
            long written = NonReadingClient.pipelineWithoutReading(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()),
                    RawHttp.repeat(LIVE, 1000),
                    64L << 20);
            assertThat(written)
                    .as("bytes of requests the listener took from a client that reads nothing")
                    .isLessThan(64L << 20);
            assertLiveWithin(server, Duration.ofSeconds(2));
        }
    }

    /**
     * Slowloris: clients that connect and trickle a request byte by byte held every slot of the admin listener until
     * their request deadline, and a liveness probe was refused all that time (a supervisor would restart a healthy
     * server). Now the connection furthest behind --min-request-rate makes room for the probe.
     */
    @Test
    void clientsTricklingRequestsDoNotLockTheHealthProbeOut() throws Exception {
        AdminSettings settings = AdminTestServer.settings()
                .withConnections(ConnectionLimits.defaults().withMaxConnections(8, 4));
        List<Socket> tricklers = new ArrayList<>();
        try (AdminTestServer server = AdminTestServer.start(settings, List.of())) {
            for (String from : new String[] {"127.0.0.2", "127.0.0.3"}) {
                for (int i = 0; i < 6; i++) {
                    Socket trickler = new Socket();
                    tricklers.add(trickler);
                    trickler.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
                    trickler.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()));
                    trickler.getOutputStream().write('G');
                }
            }
            Await.until(
                    "the listener is full", () -> server.listener.statistics().open() == 8);
            for (char next : "ET ".toCharArray()) {
                Thread.sleep(100); // the pace of the slow clients being simulated: 10 bytes a second
                for (Socket trickler : tricklers) {
                    trickle(trickler, next);
                }
            }
            assertLiveWithin(server, Duration.ofSeconds(2));
            assertLiveFromWithin(server, "127.0.0.2", Duration.ofSeconds(2));
        } finally {
            for (Socket trickler : tricklers) {
                trickler.close();
            }
        }
    }

    private static void trickle(Socket socket, char next) {
        try {
            socket.getOutputStream().write(next);
        } catch (IOException shed) {
            // the listener closed it to make room: what it is for
        }
    }

    /** {@code %zz} in a path answered 500 with an ERROR and a 37-line stack trace each: 858,000 lines in 5 s. */
    @Test
    void badPercentEncodingIsA400WithAtMostAGroupedLine() throws Exception {
        try (AdminTestServer server = AdminTestServer.start();
                CapturedLog handlerLog = new CapturedLog(AdminHttpHandler.class, Level.INFO);
                CapturedLog errors = new CapturedLog(Logger.ROOT_LOGGER_NAME, Level.WARN);
                Socket client = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            byte[] bad = "GET /api/sessions/stateserver/%zz HTTP/1.1\r\nHost: localhost\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII);
            client.getOutputStream().write(RawHttp.repeat(bad, 500));
            client.setSoTimeout(10_000);
            InputStream in = client.getInputStream();
            for (int i = 0; i < 500; i++) {
                assertThat(RawHttp.read(in).statusLine()).isEqualTo("HTTP/1.1 400 Bad Request");
            }
            assertThat(handlerLog.events()).hasSizeLessThanOrEqualTo(1);
            assertThat(errors.events()).noneMatch(event -> event.getLevel().isGreaterOrEqual(Level.WARN));
        }
    }

    /**
     * A health probe stays free however the admin API is used: 16 connections asking for listings and the session
     * inspector find the workers busy (503 with Retry-After) rather than the event loops, which kept serving.
     */
    @Test
    void workBeyondTheQueueIsRefusedWith503AndRetryAfter() throws Exception {
        BlockingStore store = new BlockingStore(AdminTestServer.newStore());
        AdminSettings settings = AdminTestServer.settings().withQueue(1);
        try (AdminTestServer server = AdminTestServer.start(store, settings, List.of(), 1)) {
            CompletableFuture<HttpResponse<String>> first = server.sendAsync("/api/sessions");
            Await.until("the worker is visiting the store", () -> store.visiting.getCount() == 0);
            // One of the next two waits in the queue of 1; the other finds it full.
            List<CompletableFuture<HttpResponse<String>>> next =
                    List.of(server.sendAsync("/api/sessions"), server.sendAsync("/api/sessions"));
            CompletableFuture.anyOf(next.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
            HttpResponse<String> refused = next.stream()
                    .filter(CompletableFuture::isDone)
                    .findFirst()
                    .orElseThrow()
                    .get();
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
            assertLiveWithin(server, Duration.ofSeconds(2));

            store.release.countDown();
            assertThat(first.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            assertThat(next)
                    .filteredOn(answer -> answer.join().statusCode() == 200)
                    .hasSize(1);
            assertThat(store.visitors).allSatisfy(thread -> assertThat(thread).startsWith("aspstate-admin-"));
        }
    }

    static void assertLiveWithin(AdminTestServer server, Duration limit) throws Exception {
        assertLiveFromWithin(server, "127.0.0.1", limit);
    }

    static void assertLiveFromWithin(AdminTestServer server, String from, Duration limit) throws Exception {
        long start = System.nanoTime();
        try (Socket probe = new Socket()) {
            probe.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
            probe.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()));
            probe.setSoTimeout((int) limit.toMillis());
            probe.getOutputStream().write(LIVE);
            assertThat(RawHttp.read(probe.getInputStream()).statusLine()).isEqualTo("HTTP/1.1 200 OK");
        }
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(limit);
    }
}
