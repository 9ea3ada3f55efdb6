package aspstate.server;

import static aspstate.core.testing.SessionBlobBuilder.compress;
import static aspstate.core.testing.SessionBlobBuilder.manyStrings;
import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.core.testing.NonReadingClient;
import aspstate.core.testing.RawHttp;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The hostile admin clients of a probe of the server, against the built jar with a 256 MiB heap, each bounded in
 * time: before, the non-readers made the whole server deaf, one inspector request or four inspects of a deflate
 * bomb ended it (exit 70), a wrong-token flood ran PBKDF2 on the event loops (StateServer p99 to 383-932 ms),
 * {@code %zz} logged a stack trace per request and a slowloris locked the health probe out.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class AdminAbuseIT {
    private static final Pattern PORTS =
            Pattern.compile(".*stateserver on [^,]*:(\\d+),.*admin on http://[^/]*:(\\d+)/.*");
    private static final String TOKEN = "s3cret-admin-token";
    private static final String BEARER = "Authorization: Bearer " + TOKEN;

    private final ObjectMapper json = new ObjectMapper();
    private JarProcess process;
    private InetSocketAddress stateServer;
    private int admin;

    @BeforeAll
    void start() throws Exception {
        process = JarProcess.startWithHeap(
                "256m",
                "serve",
                "--stateserver-port",
                "0",
                "--tds-port",
                "off",
                "--admin-port",
                "0",
                "--admin-token",
                PasswordHash.of(TOKEN).encoded());
        Matcher ports = PORTS.matcher(process.awaitStdoutLine());
        assertThat(ports.matches()).isTrue();
        stateServer = new InetSocketAddress("127.0.0.1", Integer.parseInt(ports.group(1)));
        admin = Integer.parseInt(ports.group(2));
        // A server that has served a while: what is measured below is the abuse, not loading the classes.
        for (int i = 0; i < 20; i++) {
            RawHttp.exchange(admin, "127.0.0.1", RawHttp.get("/health/live"), 30_000);
            RawHttp.exchange(admin, "127.0.0.1", RawHttp.get("/api/stats", BEARER), 30_000);
        }
        try (StateServerConnection client = StateServerConnection.connect(stateServer)) {
            for (int i = 0; i < 200; i++) {
                client.get("/LM/W3SVC/1/ROOT/warm").get(30, TimeUnit.SECONDS);
            }
        }
    }

    @AfterAll
    void stop() {
        process.close();
    }

    /** 16 connections pipelining health probes, none read: then StateServer and /health/live within 2 s. */
    @Test
    void clientsPipeliningProbesWithoutReadingLeaveTheServerAnswering() throws Exception {
        ExecutorService writers = Executors.newFixedThreadPool(16);
        try {
            List<Future<Long>> written = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                written.add(writers.submit(() -> NonReadingClient.pipelineWithoutReading(
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), admin),
                        RawHttp.repeat(RawHttp.get("/health/live"), 1000),
                        32L << 20)));
            }
            for (Future<Long> bytes : written) {
                assertThat(bytes.get(60, TimeUnit.SECONDS))
                        .as("request bytes one non-reader got taken")
                        .isLessThan(32L << 20);
            }
        } finally {
            writers.shutdownNow();
        }
        assertAnswering();
    }

    /**
     * Sessions made to be costly to show (10,000 and 7,500 items of 1,025 control characters, 80 KB each
     * compressed) and a deflate bomb (65 KB inflating to 64 MiB), inspected 4 at a time, 3 times each: the process
     * stays up, every answer is at most 1 MiB, and StateServer's p99 meanwhile stays under 200 ms.
     */
    @Test
    void inspectingSessionsBuiltToBeCostlyNeitherEndsTheServerNorStallsIt() throws Exception {
        put("/LM/W3SVC/1/ROOT/bomb10000", compress(manyStrings(10_000, 1_025, '\u0001')));
        put("/LM/W3SVC/1/ROOT/bomb7500", compress(manyStrings(7_500, 1_025, '\u0001')));
        put("/LM/W3SVC/1/ROOT/zip", compress(new byte[64 << 20]));
        List<String> ids = List.of("/LM/W3SVC/1/ROOT/bomb10000", "/LM/W3SVC/1/ROOT/bomb7500", "/LM/W3SVC/1/ROOT/zip");
        Duration bound = bound(Duration.ofMillis(200));
        ExecutorService inspectors = Executors.newFixedThreadPool(4);
        try (PagesMeanwhile pages = PagesMeanwhile.start(stateServer, "/LM/W3SVC/1/ROOT/page")) {
            List<Future<List<RawHttp.Response>>> runs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                runs.add(inspectors.submit(() -> {
                    List<RawHttp.Response> answers = new ArrayList<>();
                    for (int round = 0; round < 3; round++) {
                        for (String id : ids) {
                            answers.add(RawHttp.exchange(
                                    admin,
                                    "127.0.0.1",
                                    RawHttp.get(
                                            "/api/sessions/stateserver/"
                                                    + URLEncoder.encode(id, StandardCharsets.UTF_8),
                                            BEARER,
                                            "Connection: close"),
                                    30_000));
                        }
                    }
                    return answers;
                }));
            }
            int shown = 0;
            for (Future<List<RawHttp.Response>> run : runs) {
                for (RawHttp.Response answer : run.get(90, TimeUnit.SECONDS)) {
                    assertThat(answer.status()).as(answer.statusLine()).isIn(200, 503);
                    assertThat(answer.body().length).isLessThanOrEqualTo(1 << 20);
                    if (answer.status() == 200) {
                        shown++;
                        JsonNode details = json.readTree(answer.body());
                        assertThat(details.has("cut") || details.has("decodeProblem"))
                                .isTrue();
                    }
                }
            }
            assertThat(shown)
                    .as("inspects answered (the others found the workers busy)")
                    .isPositive();
            assertThat(pages.stopAndP99()).isLessThan(bound);
        } finally {
            inspectors.shutdownNow();
        }
        assertAnswering();
    }

    /**
     * 16 addresses sending wrong tokens, each new, for 5 s: the checks wait in their queue, off the event loops, and
     * StateServer's p99 meanwhile stays under 100 ms.
     */
    @Test
    void aWrongTokenFloodLeavesTheProtocolsFast() throws Exception {
        Duration bound = bound(Duration.ofMillis(100));
        ExecutorService flood = Executors.newFixedThreadPool(16);
        try (PagesMeanwhile pages = PagesMeanwhile.start(stateServer, "/LM/W3SVC/1/ROOT/page")) {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            List<Future<Integer>> floods = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                String from = "127.0.1." + (i + 1);
                floods.add(flood.submit(() -> {
                    int sent = 0;
                    while (System.nanoTime() < end) {
                        RawHttp.Response answer = RawHttp.exchange(
                                admin,
                                from,
                                RawHttp.get("/api/stats", "Authorization: Bearer wrong-" + from + "-" + sent),
                                30_000);
                        assertThat(answer.status()).isEqualTo(401);
                        sent++;
                    }
                    return sent;
                }));
            }
            for (Future<Integer> sent : floods) {
                assertThat(sent.get(60, TimeUnit.SECONDS)).isPositive();
            }
            assertThat(pages.stopAndP99()).isLessThan(bound);
        } finally {
            flood.shutdownNow();
        }
        RawHttp.Response right = RawHttp.exchange(admin, "127.0.0.1", RawHttp.get("/api/stats", BEARER), 10_000);
        assertThat(right.status()).isEqualTo(200);
    }

    /** {@code %zz} from 4 connections, 2,000 requests: each a 400, and the log grows by a few lines at most. */
    @Test
    void badPercentEncodingIsA400AndTheLogStaysQuiet() throws Exception {
        int linesBefore = process.stderrSoFar().size();
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                runs.add(clients.submit(() -> {
                    try (Socket socket = RawHttp.connect(admin, "127.0.0.1", 30_000)) {
                        socket.getOutputStream()
                                .write(RawHttp.repeat(RawHttp.get("/api/sessions/stateserver/%zz", BEARER), 500));
                        InputStream in = socket.getInputStream();
                        for (int n = 0; n < 500; n++) {
                            assertThat(RawHttp.read(in).status()).isEqualTo(400);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> run : runs) {
                run.get(60, TimeUnit.SECONDS);
            }
        } finally {
            clients.shutdownNow();
        }
        assertThat(process.stderrSoFar().size() - linesBefore)
                .as("log lines for 2,000 bad requests")
                .isLessThanOrEqualTo(3);
    }

    /** 80 connections trickling requests a byte at a time: /health/live still answers within 2 s. */
    @Test
    void aSlowlorisDoesNotLockTheLivenessProbeOut() throws Exception {
        List<Socket> tricklers = new ArrayList<>();
        try {
            for (int i = 0; i < 80; i++) {
                try {
                    Socket trickler = RawHttp.connect(admin, "127.0.0.1", 1_000);
                    trickler.getOutputStream().write('G');
                    tricklers.add(trickler);
                } catch (IOException refused) {
                    // beyond the caps: refused as it was accepted
                }
            }
            for (String next : List.of("E", "T", " ")) {
                Thread.sleep(300); // the pace of the slow clients being simulated
                for (Socket trickler : tricklers) {
                    try {
                        trickler.getOutputStream().write(next.getBytes(StandardCharsets.US_ASCII));
                    } catch (IOException shed) {
                        // closed to make room: what it is for
                    }
                }
            }
            for (int probe = 0; probe < 5; probe++) {
                long start = System.nanoTime();
                RawHttp.Response live = RawHttp.exchange(admin, "127.0.0.1", RawHttp.get("/health/live"), 2_000);
                assertThat(live.status()).isEqualTo(200);
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
            }
        } finally {
            for (Socket trickler : tricklers) {
                trickler.close();
            }
        }
    }

    /**
     * Listings of a store of 200,000 sessions, from 4 connections in a loop, visited the store on the event loops
     * (0.33-0.64 s each): StateServer fell from 2,000 to 6 pages/s. Now they run on the admin workers; StateServer's
     * p99 meanwhile stays within twice (and 20 ms) of its p99 without them.
     */
    @Test
    void listingsOfALargeStoreLeaveTheProtocolsFast() throws Exception {
        try (Socket writer = new Socket(stateServer.getAddress(), stateServer.getPort())) {
            writer.setSoTimeout(30_000);
            InputStream answers = new BufferedInputStream(writer.getInputStream(), 1 << 16);
            for (int batch = 0; batch < 200; batch++) {
                StringBuilder puts = new StringBuilder();
                for (int i = 0; i < 1_000; i++) {
                    puts.append("PUT /LM/W3SVC/1/ROOT/listed/")
                            .append(batch * 1_000 + i)
                            .append(" HTTP/1.1\r\nTimeout: 20\r\nContent-Length: 3\r\n\r\nabc");
                }
                writer.getOutputStream().write(puts.toString().getBytes(StandardCharsets.US_ASCII));
                for (int i = 0; i < 1_000; i++) {
                    assertThat(new String(answers.readNBytes(6), StandardCharsets.US_ASCII))
                            .isEqualTo("200 OK");
                    skipToEndOfHeaders(answers);
                }
            }
        }
        Duration idle;
        idle = p99Alone("/LM/W3SVC/1/ROOT/listed/7");
        ExecutorService listers = Executors.newFixedThreadPool(4);
        Duration listing;
        int listed = 0;
        try (PagesMeanwhile pages = PagesMeanwhile.start(stateServer, "/LM/W3SVC/1/ROOT/listed/7")) {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            List<Future<Integer>> lists = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                lists.add(listers.submit(() -> {
                    int made = 0;
                    while (System.nanoTime() < end) {
                        RawHttp.Response page = RawHttp.exchange(
                                admin, "127.0.0.1", RawHttp.get("/api/sessions?sort=size&limit=50", BEARER), 60_000);
                        assertThat(page.status()).isIn(200, 503);
                        made += page.status() == 200 ? 1 : 0;
                    }
                    return made;
                }));
            }
            for (Future<Integer> count : lists) {
                listed += count.get(90, TimeUnit.SECONDS);
            }
            assertThat(listed).as("listings of 200,000 sessions made").isPositive();
            listing = pages.stopAndP99();
        } finally {
            listers.shutdownNow();
        }
        System.out.printf(
                "StateServer p99 without listings %.2f ms, with 4 connections listing %.2f ms (%d "
                        + "listings in 10 s)%n",
                idle.toNanos() / 1e6, listing.toNanos() / 1e6, listed);
        assertThat(listing).isLessThanOrEqualTo(idle.multipliedBy(2).plusMillis(20));
    }

    private static void skipToEndOfHeaders(InputStream in) throws IOException {
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b == -1) {
                throw new IOException("closed");
            }
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
        }
    }

    /** StateServer's p99 with nothing else going on, over 5 s. */
    private Duration p99Alone(String key) throws InterruptedException {
        try (PagesMeanwhile pages = PagesMeanwhile.start(stateServer, key)) {
            Thread.sleep(5_000); // the measurement's length
            return pages.stopAndP99();
        }
    }

    /**
     * The bound for StateServer's p99 meanwhile, or twice its p99 alone when the machine is so busy that
     * that is more (a test run beside others on two cores saw 250 ms alone): a server that serves the abuse on its
     * event loops stalls for seconds either way.
     */
    private Duration bound(Duration target) throws InterruptedException {
        Duration alone = p99Alone("/LM/W3SVC/1/ROOT/page");
        return alone.multipliedBy(2).compareTo(target) > 0 ? alone.multipliedBy(2) : target;
    }

    private void put(String id, byte[] data) throws Exception {
        try (StateServerConnection client = StateServerConnection.connect(stateServer)) {
            assertThat(client.set(id, data, 20, null).get(30, TimeUnit.SECONDS).isOk())
                    .isTrue();
        }
    }

    /** The process is up, and StateServer and /health/live each answer within 2 s. */
    private void assertAnswering() throws Exception {
        assertThat(process.isAlive()).isTrue();
        long start = System.nanoTime();
        try (StateServerConnection client = StateServerConnection.connect(stateServer)) {
            assertThat(client.get("/LM/W3SVC/1/ROOT/missing")
                            .get(2, TimeUnit.SECONDS)
                            .isNotFound())
                    .isTrue();
        }
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
        start = System.nanoTime();
        assertThat(RawHttp.exchange(admin, "127.0.0.1", RawHttp.get("/health/live"), 2_000)
                        .status())
                .isEqualTo(200);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
        assertThat(process.stderrSoFar())
                .noneMatch(line -> line.contains("OutOfMemoryError") || line.contains("exiting with status 70"));
    }
}
