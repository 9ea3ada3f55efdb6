package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The real ASP.NET client's request sequence, byte for byte both ways (spec: "Responses (byte-exact)" and "How
 * the real client drives it").
 */
class ByteExactResponsesTest {
    private static final String V = "X-AspNet-Version: 4.0.30319\r\n";
    private static final String ID = "%2fLM%2fW3SVC%2f1%2fROOT%2fapp(Ab%2bc%3d)%2fx3kqmiztsjiek5gvzu55km3xun";
    /** The serialized empty session ASP.NET writes for a new visitor: timeout 20, no items, end marker. */
    private static final String EMPTY_SESSION = "\u0014\u0000\u0000\u0000\u0000\u0000\u00ff";

    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void newVisitorSequenceIsAnsweredByteForByte() {
        try (RawConnection c = server.raw()) {
            c.send("GET " + ID + " HTTP/1.1\r\nHost: web01\r\nExclusive: acquire\r\n\r\n");
            assertThat(c.readResponseText())
                    .isEqualTo("404 Not Found\r\n" + V + "Cache-Control: private\r\nContent-Length: 0\r\n\r\n");

            c.send("PUT " + ID + " HTTP/1.1\r\nHost: web01\r\nTimeout:20\r\nContent-Length:7\r\nExtraFlags:1\r\n"
                    + "LockCookie:0\r\n\r\n" + EMPTY_SESSION);
            assertThat(c.readResponseText())
                    .isEqualTo("200 OK\r\n" + V + "Cache-Control: private\r\nContent-Length: 0\r\n\r\n");

            c.send("GET " + ID + " HTTP/1.1\r\nHost: web01\r\nExclusive: acquire\r\n\r\n");
            assertThat(c.readResponseText())
                    .isEqualTo("200 OK\r\n" + V + "ActionFlags: 1\r\nLockCookie: 2\r\n"
                            + "Timeout: 20\r\nCache-Control: private\r\nContent-Length: 7\r\n\r\n" + EMPTY_SESSION);

            c.send("PUT " + ID
                    + " HTTP/1.1\r\nHost: web01\r\nTimeout:20\r\nContent-Length:3\r\nLockCookie:2\r\n\r\nabc");
            assertThat(c.readResponseText())
                    .isEqualTo("200 OK\r\n" + V + "Cache-Control: private\r\nContent-Length: 0\r\n\r\n");

            c.send("GET " + ID + " HTTP/1.1\r\nHost: web01\r\n\r\n");
            assertThat(c.readResponseText())
                    .isEqualTo("200 OK\r\n" + V + "Timeout: 20\r\n"
                            + "Cache-Control: private\r\nContent-Length: 3\r\n\r\nabc");

            c.send("GET " + ID + " HTTP/1.1\r\nHost: web01\r\nExclusive: acquire\r\n\r\n");
            assertThat(c.readResponseText()).startsWith("200 OK\r\n" + V + "LockCookie: 3\r\nTimeout: 20\r\n");
        }
    }

    @Test
    void lockedAnswerCarriesLockDateInTicksLockAgeAndCookie() {
        try (RawConnection c = server.raw()) {
            c.send("PUT " + ID + " HTTP/1.1\r\nTimeout:20\r\nContent-Length:1\r\n\r\nx");
            c.readResponse();
            c.send("GET " + ID + " HTTP/1.1\r\nExclusive: acquire\r\n\r\n");
            c.readResponse();
            server.clock.advance(Duration.ofMillis(7_900));
            c.send("GET " + ID + " HTTP/1.1\r\nExclusive: acquire\r\n\r\n");
            long ticks = 621_355_968_000_000_000L + TestServer.START_MILLIS * 10_000L;
            assertThat(c.readResponseText())
                    .isEqualTo("423 Locked\r\n" + V + "LockDate: " + ticks + "\r\n"
                            + "LockAge: 7\r\nLockCookie: 2\r\nCache-Control: private\r\nContent-Length: 0\r\n\r\n");
        }
    }

    @Test
    void actionFlagsGoOutOnlyOnTheFirstRead() {
        try (RawConnection c = server.raw()) {
            c.send("PUT " + ID + " HTTP/1.1\r\nContent-Length:1\r\nExtraFlags:1\r\nLockCookie:0\r\n\r\nx");
            c.readResponse();
            c.send("GET " + ID + " HTTP/1.1\r\n\r\n");
            assertThat(c.readResponseText())
                    .isEqualTo("200 OK\r\n" + V + "ActionFlags: 1\r\nTimeout: 20\r\n"
                            + "Cache-Control: private\r\nContent-Length: 1\r\n\r\nx");
            c.send("GET " + ID + " HTTP/1.1\r\n\r\n");
            assertThat(c.readResponseText())
                    .isEqualTo("200 OK\r\n" + V + "Timeout: 20\r\n"
                            + "Cache-Control: private\r\nContent-Length: 1\r\n\r\nx");
        }
    }

    @Test
    void releaseOfAnUninitializedEntryCarriesActionFlags() {
        try (RawConnection c = server.raw()) {
            c.send("PUT " + ID + " HTTP/1.1\r\nContent-Length:1\r\nExtraFlags:1\r\nLockCookie:0\r\n\r\nx");
            c.readResponse();
            c.send("GET " + ID + " HTTP/1.1\r\nExclusive: release\r\nLockCookie:5\r\n\r\n");
            assertThat(c.readResponseText())
                    .isEqualTo(
                            "200 OK\r\n" + V + "ActionFlags: 1\r\nCache-Control: private\r\nContent-Length: 0\r\n\r\n");
        }
    }

    @Test
    void badRequestAndResetTimeoutShapes() {
        try (RawConnection c = server.raw()) {
            c.send("GET " + ID + " HTTP/1.1\r\nExclusive: release\r\n\r\n");
            assertThat(c.readResponseText())
                    .isEqualTo("400 Bad Request\r\n" + V + "Cache-Control: private\r\nContent-Length: 0\r\n\r\n");
            c.send("HEAD " + ID + " HTTP/1.1\r\n\r\n");
            assertThat(c.readResponseText())
                    .isEqualTo("404 Not Found\r\n" + V + "Cache-Control: private\r\nContent-Length: 0\r\n\r\n");
            c.send("PUT " + ID + " HTTP/1.1\r\nContent-Length:1\r\n\r\nx");
            c.readResponse();
            c.send("HEAD " + ID + " HTTP/1.1\r\n\r\n");
            assertThat(c.readResponseText())
                    .isEqualTo("200 OK\r\n" + V + "Cache-Control: private\r\nContent-Length: 0\r\n\r\n");
            c.send("DELETE " + ID + " HTTP/1.1\r\n\r\n");
            assertThat(c.readResponseText())
                    .isEqualTo("200 OK\r\n" + V + "Cache-Control: private\r\nContent-Length: 0\r\n\r\n");
        }
    }

    @Test
    void versionHeaderIsConfigurable() {
        StateServerSettings s = TestServer.settings();
        StateServerSettings old = new StateServerSettings(
                s.bindAddress(),
                0,
                s.allowedPeers(),
                s.idleTimeout(),
                s.maxBodyBytes(),
                "2.0.50727",
                s.lockDateZone(),
                s.connections());
        try (TestServer legacy = new TestServer(old, 0);
                RawConnection c = legacy.raw()) {
            c.send("GET x HTTP/1.1\r\n\r\n");
            assertThat(c.readResponseText())
                    .isEqualTo("404 Not Found\r\nX-AspNet-Version: 2.0.50727\r\n"
                            + "Cache-Control: private\r\nContent-Length: 0\r\n\r\n");
        }
    }
}
