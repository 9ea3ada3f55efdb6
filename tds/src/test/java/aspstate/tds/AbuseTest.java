package aspstate.tds;

import static aspstate.tds.ClientMessages.RPC;
import static aspstate.tds.ClientMessages.call;
import static aspstate.tds.ClientMessages.rpcMessage;
import static aspstate.tds.ClientMessages.singlePacket;
import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.testing.Await;
import aspstate.core.testing.CapturedLog;
import aspstate.transport.ConnectionFailures;
import aspstate.transport.ConnectionLimits;
import ch.qos.logback.classic.Level;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a hostile or broken client tries against the TDS listener, on real sockets: each must cost it its own
 * connection at most, within a bounded time, and leave the server serving others.
 */
@Timeout(120)
class AbuseTest {
    private static final int PIPELINED_CALLS = 400;

    /**
     * 400 calls, each answered with 256 KiB, sent at once and not read: without back-pressure all 400 would run and
     * their 100 MiB of replies wait in memory. The connection stops at --max-unsent (plus what the kernel's socket
     * buffers take), and every reply still comes, in order, once the client reads.
     */
    @Test
    void pipelinedCallsWhoseRepliesAreNotReadStopAtTheUnsentLimit() throws InterruptedException {
        try (TestServer server = new TestServer();
                RawTdsConnection greedy = RawTdsConnection.loggedIn(server.address(), "ASPState")) {
            ByteArrayOutputStream calls = new ByteArrayOutputStream();
            for (int i = 0; i < PIPELINED_CALLS; i++) {
                calls.writeBytes(singlePacket(RPC, rpcMessage(call("dbo.TestBig"))));
            }
            greedy.send(calls.toByteArray());
            Await.until("the first calls ran", () -> server.procedures.bigCalls.get() > 0);
            int settled = awaitSettled(server);
            assertThat(settled).as("calls run while no reply is read").isLessThan(100);

            for (int i = 0; i < PIPELINED_CALLS; i++) {
                assertThat(greedy.readMessage().length).as("reply " + i).isGreaterThan(TestProcedures.BIG_ITEM_BYTES);
            }
            assertThat(server.procedures.bigCalls.get()).isEqualTo(PIPELINED_CALLS);
        }
    }

    /** The count of calls run once it stops moving: polled every 200 ms until two readings agree. */
    private static int awaitSettled(TestServer server) throws InterruptedException {
        int last = -1;
        for (int reading = 0; reading < 50; reading++) {
            int now = server.procedures.bigCalls.get();
            if (now == last) {
                return now;
            }
            last = now;
            Thread.sleep(200); // the polling interval of the readings
        }
        throw new AssertionError("calls kept running: " + last);
    }

    @Test
    void aConnectionThatNeverLogsInIsClosedAtTheLoginTimeout() {
        TdsSettings settings =
                TdsSettings.defaults().withPort(0).withConnections(ConnectionLimits.defaults(), Duration.ofMillis(300));
        try (TestServer server = new TestServer(settings)) {
            long start = System.nanoTime();
            try (RawTdsConnection silent = new RawTdsConnection(server.address())) {
                assertThat(silent.bytesUntilClosed()).isZero();
            }
            try (RawTdsConnection preloginOnly = new RawTdsConnection(server.address())) {
                preloginOnly.send(singlePacket(ClientMessages.PRELOGIN, ClientMessages.prelogin(0)));
                preloginOnly.readMessage();
                assertThat(preloginOnly.bytesUntilClosed()).isZero();
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            try (RawTdsConnection loggedIn = RawTdsConnection.loggedIn(server.address(), "ASPState")) {
                loggedIn.send(singlePacket(RPC, rpcMessage(call("dbo.TestBig"))));
                assertThat(loggedIn.readMessage().length).isGreaterThan(TestProcedures.BIG_ITEM_BYTES);
            }
        }
    }

    @Test
    void aFloodOfConnectionsSendingGarbageLogsAFewGroupedLinesWithoutStackTraces() {
        try (TestServer server = new TestServer();
                CapturedLog failures = new CapturedLog(ConnectionFailures.class, Level.DEBUG);
                CapturedLog handler = new CapturedLog(TdsConnectionHandler.class, Level.DEBUG)) {
            for (int i = 0; i < 200; i++) {
                try (RawTdsConnection garbage = new RawTdsConnection(server.address())) {
                    garbage.send(new byte[] {0x12, 0x01, 0x00, 0x02, 0, 0, 0, 0}); // a length shorter than a header
                    assertThat(garbage.bytesUntilClosed()).isZero();
                }
            }
            // The first line of the interval may have gone to an earlier test: at most two, none with a trace.
            List<String> lines = java.util.stream.Stream.concat(failures.events().stream(), handler.events().stream())
                    .filter(event -> event.getLevel().isGreaterOrEqual(Level.INFO))
                    .map(event -> event.getFormattedMessage() + (event.getThrowableProxy() == null ? "" : " +trace"))
                    .toList();
            assertThat(lines)
                    .hasSizeLessThanOrEqualTo(2)
                    .allSatisfy(line ->
                            assertThat(line).contains("broke the protocol").doesNotContain("+trace"));
        }
    }
}
