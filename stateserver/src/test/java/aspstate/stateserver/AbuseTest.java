package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.testing.Await;
import aspstate.core.testing.NonReadingClient;
import aspstate.transport.ConnectionLimits;
import io.netty.buffer.PooledByteBufAllocator;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a hostile or broken client tries against the StateServer listener, on real sockets: each must cost it its
 * own connection at most, within a bounded time, and leave the server serving others.
 */
class AbuseTest {
    private static final int MIB = 1 << 20;

    private static String putHead(String key, int contentLength) {
        return "PUT " + key + " HTTP/1.1\r\nTimeout: 20\r\nContent-Length: " + contentLength + "\r\n\r\n";
    }

    @Test
    void bodiesArrivingSlowlyOnManyConnectionsHoldNoMoreThanMaxInbound() {
        StateServerSettings settings = TestServer.settings().withMaxBodyBytes(4 * MIB);
        try (TestServer server = new TestServer(settings, 0, 10 * MIB)) {
            List<RawConnection> slow = new ArrayList<>();
            try {
                for (int i = 0; i < 2; i++) {
                    slow.add(server.raw().send(putHead("slow" + i, 4 * MIB)).send(new byte[1024]));
                }
                Await.until("two partial bodies held", () -> server.inbound.heldBytes() == 8L * MIB);
                try (RawConnection third = server.raw()) {
                    third.send(putHead("third", 4 * MIB)).send(new byte[1024]);
                    assertThat(third.bytesUntilClosed())
                            .as("a body beyond --max-inbound closes its connection")
                            .isZero();
                }
                assertThat(server.inbound.heldBytes()).isEqualTo(8L * MIB);
                try (RawConnection normal = server.raw()) {
                    normal.send(putHead("normal", 3)).send("abc");
                    assertThat(normal.readResponseText()).startsWith("200 OK");
                }
            } finally {
                slow.forEach(RawConnection::close);
            }
            Await.until("closed connections give their partial bodies back", () -> server.inbound.heldBytes() == 0);
        }
    }

    @Test
    void aRequestSentAByteAtATimeIsCutOffAtTheRequestTimeout() throws Exception {
        StateServerSettings settings = TestServer.settings()
                .withConnections(ConnectionLimits.defaults().withRequestTimeout(Duration.ofMillis(500)));
        try (TestServer server = new TestServer(settings, 0);
                RawConnection slow = server.raw()) {
            long start = System.nanoTime();
            byte[] request = RawConnection.ascii("GET k HTTP/1.1\r\n\r\n");
            int sent = 0;
            // Each byte comes well within the idle timeout, so only the request timeout can end this.
            while (sent < request.length - 1
                    && Duration.ofNanos(System.nanoTime() - start).toMillis() < 5_000) {
                try {
                    slow.send(new byte[] {request[sent++]});
                } catch (java.io.UncheckedIOException closed) {
                    break;
                }
                Thread.sleep(100); // the pace of the slow client being simulated
            }
            assertThat(slow.bytesUntilClosed()).isZero();
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isBetween(Duration.ofMillis(450), Duration.ofMillis(4_000));
        }
    }

    @Test
    void oneClientCannotHoldMoreThanItsShareOfConnections() throws Exception {
        StateServerSettings settings = TestServer.settings()
                .withAllowedPeers(List.of(CidrRange.parse("127.0.0.0/8")))
                .withConnections(ConnectionLimits.defaults().withMaxConnections(6, 3));
        InetAddress greedy = InetAddress.getByName("127.0.0.2");
        InetAddress other = InetAddress.getByName("127.0.0.3");
        try (TestServer server = new TestServer(settings, 0)) {
            List<RawConnection> held = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    held.add(answered(new RawConnection(server.address(), greedy)));
                }
                try (RawConnection fourth = new RawConnection(server.address(), greedy)) {
                    assertThat(fourth.send("GET k HTTP/1.1\r\n\r\n").bytesUntilClosed())
                            .as("beyond --max-connections-per-peer")
                            .isZero();
                }
                for (int i = 0; i < 3; i++) {
                    held.add(answered(new RawConnection(server.address(), other)));
                }
                try (RawConnection seventh = new RawConnection(server.address(), InetAddress.getByName("127.0.0.4"))) {
                    assertThat(seventh.send("GET k HTTP/1.1\r\n\r\n").bytesUntilClosed())
                            .as("beyond --max-connections")
                            .isZero();
                }
                held.remove(0).close();
                Await.until("a closed connection makes room", () -> {
                    try (RawConnection again = new RawConnection(server.address(), greedy)) {
                        again.send("GET k HTTP/1.1\r\n\r\n");
                        return again.readResponseText().startsWith("404");
                    } catch (RuntimeException refused) {
                        return false;
                    }
                });
            } finally {
                held.forEach(RawConnection::close);
            }
        }
    }

    private static RawConnection answered(RawConnection connection) {
        connection.send("GET k HTTP/1.1\r\n\r\n");
        assertThat(connection.readResponseText()).startsWith("404");
        return connection;
    }

    /**
     * Forty pipelined GETs (a few hundred bytes) of an 8 MiB session, never read: without back-pressure each would
     * make a full copy of the session in direct memory at once. The connection stops at --max-unsent, and the value
     * goes out in slices as the client takes it.
     */
    @Test
    void pipelinedReadsOfALargeSessionThatAreNotReadCostNoCopyEach() {
        int size = 8 * MIB;
        StateServerSettings settings = TestServer.settings().withMaxBodyBytes(size);
        try (TestServer server = new TestServer(settings, 0)) {
            byte[] value = new byte[size];
            Arrays.fill(value, (byte) 'v');
            try (RawConnection writer = server.raw()) {
                writer.send(putHead("big", size)).send(value);
                assertThat(writer.readResponseText()).startsWith("200 OK");
            }
            long directBefore = PooledByteBufAllocator.DEFAULT.metric().usedDirectMemory();
            try (RawConnection greedy = server.raw()) {
                greedy.send("GET big HTTP/1.1\r\n\r\n".repeat(40));
                assertThat(greedy.readResponse().length).isGreaterThan(size);
                // Every request has been read by now; what the server holds for the 39 answers still to go must
                // stay small (the pool hands out memory in chunks of a few MiB, hence the margin).
                long heldForTheGreedyOne =
                        PooledByteBufAllocator.DEFAULT.metric().usedDirectMemory() - directBefore;
                assertThat(heldForTheGreedyOne)
                        .as("direct memory held for 39 unread 8 MiB answers")
                        .isLessThan(32L * MIB);
                for (int i = 1; i < 40; i++) {
                    assertThat(greedy.readResponse().length).isGreaterThan(size);
                }
            }
            try (RawConnection other = server.raw()) {
                other.send("GET missing HTTP/1.1\r\n\r\n");
                assertThat(other.readResponseText()).startsWith("404");
            }
        }
    }

    /**
     * Small GETs pipelined without end by a client that never reads an answer: reading must stop once its answers
     * wait unsent. On io_uring, where Netty 4.2.18 arms the multishot receive again whatever the channel's
     * auto-read, the listener kept reading (16 such clients held 2.3 million decoded requests and ended a 256 MiB
     * server); now the client is closed once it sends 64 KiB more meanwhile. It cannot send 64 MiB.
     */
    @Test
    void smallPipelinedRequestsWhoseAnswersAreNeverReadStopBeingRead() {
        try (TestServer server = new TestServer(TestServer.settings(), 0)) {
            long written = NonReadingClient.pipelineWithoutReading(
                    server.address(), RawConnection.ascii("GET missing HTTP/1.1\r\n\r\n".repeat(1000)), 64L * MIB);
            assertThat(written)
                    .as("request bytes the listener took from a client that reads nothing")
                    .isLessThan(64L * MIB);
            try (RawConnection other = server.raw()) {
                other.send("GET missing HTTP/1.1\r\n\r\n");
                assertThat(other.readResponseText()).startsWith("404");
            }
        }
    }
}
