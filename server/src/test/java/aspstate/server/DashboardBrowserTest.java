package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The dashboard in real headless Chromium (Debian's, driven by playwright-core; dashboard-check.js says what it
 * checks) against a real server under a bounded load, with one session held locked as a stuck page would hold it
 * and others locked and released in turn, so that the number of locked sessions keeps changing. The screenshot is
 * left in target/dashboard.png.
 */
@Timeout(120)
class DashboardBrowserTest {
    private static final String STUCK = "/LM/W3SVC/1/ROOT/shop(stucksessionabcdefghijk)";
    /** A session whose data is not in ASP.NET's format: text with an escape sequence in it. */
    private static final String RAW = "/LM/W3SVC/1/ROOT/shop(rawbytessessionabcdefgh)";

    private static final byte[] RAW_DATA = "Hello, world\u001b[2J".getBytes(StandardCharsets.US_ASCII);
    /** The load stops by itself after this many requests or when the browser is done, whichever comes first. */
    private static final int MAX_LOAD_REQUESTS = 2_000_000;
    /** How long the locker holds each lock, and waits between locks: as slow pages would. */
    private static final long LOCK_HOLD_MILLIS = 300;

    private static final int MAX_LOCKS = 1_000;

    @Test
    void anOperatorSeesTheLoadFindsTheStuckSessionReadsItAndUnlocksIt() throws Exception {
        Path script = InteropClients.dashboardScript();
        Path screenshot = Path.of("target", "dashboard.png").toAbsolutePath();
        Files.deleteIfExists(screenshot);
        try (RunningServer server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0"));
                StateServerConnection owner = StateServerConnection.connect(server.stateServerAddress());
                StateServerConnection load = StateServerConnection.connect(server.stateServerAddress());
                StateServerConnection locking = StateServerConnection.connect(server.stateServerAddress())) {
            owner.set(STUCK, AdminApiTest.WORKED_EXAMPLE, 20, null).get(10, TimeUnit.SECONDS);
            owner.set(RAW, RAW_DATA, 20, null).get(10, TimeUnit.SECONDS);
            int cookie = owner.getExclusive(STUCK).get(10, TimeUnit.SECONDS).lockCookie();
            AtomicBoolean browserDone = new AtomicBoolean();
            AtomicLong requests = new AtomicLong();
            Thread loader = new Thread(() -> runLoad(load, browserDone, requests), "dashboard-test-load");
            loader.start();
            Thread locker = new Thread(() -> runLocks(locking, browserDone), "dashboard-test-locks");
            locker.start();
            Process browser = new ProcessBuilder(
                            InteropClients.node().toString(),
                            script.toString(),
                            "http://127.0.0.1:"
                                    + server.adminAddress().orElseThrow().getPort() + "/",
                            STUCK,
                            screenshot.toString(),
                            RAW)
                    .redirectErrorStream(true)
                    .start();
            String output = new String(browser.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean exited = browser.waitFor(90, TimeUnit.SECONDS);
            browserDone.set(true);
            loader.join(10_000);
            locker.join(10_000);

            assertThat(exited).isTrue();
            assertThat(browser.exitValue()).as(output).isZero();
            assertThat(output).contains("\"ok\":true").contains("alice");
            assertThat(requests.get()).isPositive();
            assertThat(Files.size(screenshot)).isPositive();
            // Unlocked from the page: the session's next exclusive get takes the lock with a new cookie.
            var next = owner.getExclusive(STUCK).get(10, TimeUnit.SECONDS);
            assertThat(next.isOk()).isTrue();
            assertThat(next.lockCookie()).isGreaterThan(cookie);
        }
    }

    /** Locks a session, holds it, releases it, waits, and again with the next one, until told to stop. */
    private static void runLocks(StateServerConnection client, AtomicBoolean done) {
        byte[] data = new byte[256];
        try {
            for (int i = 0; i < MAX_LOCKS && !done.get(); i++) {
                String key = "/LM/W3SVC/1/ROOT/shop(locker" + (i % 5) + ")";
                client.set(key, data, 20, null).get(10, TimeUnit.SECONDS);
                int cookie = client.getExclusive(key).get(10, TimeUnit.SECONDS).lockCookie();
                Thread.sleep(LOCK_HOLD_MILLIS);
                client.releaseExclusive(key, cookie).get(10, TimeUnit.SECONDS);
                Thread.sleep(LOCK_HOLD_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw new IllegalStateException("the locker failed", e);
        }
    }

    /** One request in flight at a time, so that the load is bounded by the round trip and stops when told. */
    private static void runLoad(StateServerConnection client, AtomicBoolean done, AtomicLong requests) {
        byte[] data = new byte[1024];
        try {
            for (int i = 0; i < MAX_LOAD_REQUESTS && !done.get(); i++) {
                String key = "/LM/W3SVC/1/ROOT/shop(load" + (i % 100) + ")";
                if (i % 10 == 0) {
                    client.set(key, data, 20, null).get(10, TimeUnit.SECONDS);
                } else {
                    client.get(key).get(10, TimeUnit.SECONDS);
                }
                requests.incrementAndGet();
            }
        } catch (Exception e) {
            throw new IllegalStateException("the load failed", e);
        }
    }
}
