package aspstate.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.bench.stateserver.StateServerBackendFactory;
import aspstate.core.Clock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.stateserver.StateServerListener;
import aspstate.stateserver.StateServerSettings;
import aspstate.transport.InboundBudget;
import aspstate.transport.IoTransport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The load generator against a real aspstate listener on loopback: short, bounded runs. */
class LoadGeneratorTest {
    private MemorySessionStore<SessionEntry> store;
    private StateServerListener listener;
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();
    private Duration progressEvery = Duration.ofSeconds(1);

    @BeforeEach
    void start() throws Exception {
        store = new MemorySessionStore<>(Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0));
        listener = StateServerListener.start(
                StateServerSettings.defaults().withPort(0),
                store,
                InboundBudget.unshared(StateServerSettings.DEFAULT_MAX_BODY_BYTES));
    }

    @AfterEach
    void stop() {
        listener.close();
        store.close();
    }

    private RunResult run(String mix, int sessions, Duration duration, long maxPages, double rate) throws Exception {
        Workload workload = new Workload(
                PageMix.parse(mix),
                sessions,
                PayloadSizes.parse("uniform:100-300", 7),
                4,
                2,
                Duration.ofMillis(200),
                duration,
                maxPages,
                rate,
                7,
                true);
        try (StateServerBackendFactory factory = new StateServerBackendFactory(listener.address())) {
            return new LoadGenerator(
                            factory, workload, new PrintStream(progress, true, StandardCharsets.UTF_8), progressEvery)
                    .run("aspstate");
        }
    }

    /**
     * A StateServer that answers one request per read and drops whatever else came with it, as a server that does
     * not pipeline does (the P2P state server stalled the pre-load at 1,024 sessions for 600 s). Every request is
     * a Set here, so "200 OK" without a body is the right answer to each.
     */
    private static final class OneRequestPerReadServer implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final List<Socket> accepted = new CopyOnWriteArrayList<>();
        private final Thread acceptor = new Thread(this::accept, "one-request-per-read");

        OneRequestPerReadServer() throws IOException {
            acceptor.setDaemon(true);
            acceptor.start();
        }

        InetSocketAddress address() {
            return (InetSocketAddress) socket.getLocalSocketAddress();
        }

        private void accept() {
            try {
                while (true) {
                    Socket connection = socket.accept();
                    accepted.add(connection);
                    Thread reader = new Thread(() -> serve(connection));
                    reader.setDaemon(true);
                    reader.start();
                }
            } catch (IOException closed) {
                // the test is over
            }
        }

        private static void serve(Socket connection) {
            byte[] answer = ("200 OK\r\nX-AspNet-Version: 2.0.50727\r\nCache-Control: private\r\n"
                            + "Content-Length: 0\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
            byte[] buffer = new byte[65536];
            try (InputStream in = connection.getInputStream();
                    OutputStream out = connection.getOutputStream()) {
                String pending = "";
                int read;
                while ((read = in.read(buffer)) > 0) {
                    pending += new String(buffer, 0, read, StandardCharsets.ISO_8859_1);
                    if (pending.contains("\r\n\r\n")) {
                        out.write(answer);
                        pending = ""; // the rest of this read, pipelined requests included, is dropped
                    }
                }
            } catch (IOException closed) {
                // the generator went away
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
            for (Socket connection : accepted) {
                connection.close();
            }
        }
    }

    private RunResult preloadAgainst(InetSocketAddress target, int preloadDepth) throws Exception {
        Workload workload = new Workload(
                PageMix.only(PageKind.OP_SET),
                200,
                PayloadSizes.parse("uniform:100-300", 7),
                2,
                1,
                Duration.ZERO,
                Duration.ofMillis(200),
                50,
                0,
                7,
                true,
                preloadDepth,
                Duration.ofSeconds(2),
                false,
                Workload.DEFAULT_MAX_IN_FLIGHT);
        try (StateServerBackendFactory factory = new StateServerBackendFactory(target)) {
            return new LoadGenerator(
                            factory,
                            workload,
                            new PrintStream(progress, true, StandardCharsets.UTF_8),
                            Duration.ofMillis(200))
                    .run("one request per read");
        }
    }

    @Test
    @Timeout(60) // without the stall limit, the pre-load waits forever
    void aPreloadThatGetsNoAnswerStopsWithAClearErrorInsteadOfRunningForever() throws Exception {
        try (OneRequestPerReadServer server = new OneRequestPerReadServer()) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> preloadAgainst(server.address(), Workload.DEFAULT_PRELOAD_DEPTH))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("pre-loading stalled: no answer for 2s")
                    .hasMessageContaining("needs --preload-depth 1");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
        }
    }

    @Test
    void aPreloadOneWriteAtATimeWorksAgainstATargetThatDoesNotPipeline() throws Exception {
        try (OneRequestPerReadServer server = new OneRequestPerReadServer()) {
            RunResult result = preloadAgainst(server.address(), 1);
            assertThat(progress.toString(StandardCharsets.UTF_8)).contains("preload 200 sessions done");
            assertThat(result.metrics().errors()).isZero();
        }
    }

    @Test
    void everyPageKindRunsWithoutErrorsAndTheStoreSeesThem() throws Exception {
        RunResult result = run("rw=40,ro=20,new=20,none=20", 500, Duration.ofSeconds(1), 0, 0);
        assertThat(result.metrics().pages()).isPositive();
        assertThat(result.metrics().errors()).isZero();
        for (RequestKind kind : new RequestKind[] {
            RequestKind.GET_EXCLUSIVE,
            RequestKind.GET,
            RequestKind.SET_AND_RELEASE,
            RequestKind.INSERT_UNINITIALIZED,
            RequestKind.RESET_TIMEOUT
        }) {
            assertThat(result.metrics().total(kind).getTotalCount())
                    .as(kind.label())
                    .isPositive();
        }
        assertThat(store.statistics().created())
                .as("pre-loaded plus new visitors")
                .isGreaterThan(500);
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("preload 500 sessions done");
    }

    @Test
    void stopsAtThePageLimit() throws Exception {
        RunResult result = run("rw=1", 100, Duration.ofSeconds(30), 300, 0);
        assertThat(result.metrics().pages()).isEqualTo(300L);
        assertThat(result.measured()).isLessThan(Duration.ofSeconds(30));
    }

    /**
     * A paced worker takes its share of --pages only when its scheduled start comes: taken before the wait, a page
     * would be used up without running, and the run would fall short of the limit and go on for its full duration.
     */
    @Test
    void aPacedRunStopsAtThePageLimit() throws Exception {
        RunResult result = run("ro=1", 100, Duration.ofSeconds(30), 200, 400);
        assertThat(result.metrics().pages()).isEqualTo(200L);
        assertThat(result.measured()).isLessThan(Duration.ofSeconds(10));
    }

    /** One worker on one connection, 2,000 pages/s offered for a second. */
    private RunResult runOneWorker(boolean openLoop, int maxInFlight) throws Exception {
        Workload workload = new Workload(
                PageMix.parse("ro=1"),
                100,
                PayloadSizes.parse("uniform:100-300", 7),
                1,
                1,
                Duration.ofMillis(200),
                Duration.ofSeconds(1),
                0,
                2000,
                7,
                true,
                1,
                Duration.ofSeconds(10),
                openLoop,
                maxInFlight);
        try (StateServerBackendFactory factory = new StateServerBackendFactory(listener.address())) {
            return new LoadGenerator(
                            factory, workload, new PrintStream(progress, true, StandardCharsets.UTF_8), progressEvery)
                    .run("aspstate");
        }
    }

    @Test
    void anOpenLoopWorkerStartsPagesOnScheduleWithoutWaitingForItsEarlierOnes() throws Exception {
        RunResult closed = runOneWorker(false, Workload.DEFAULT_MAX_IN_FLIGHT);
        RunResult open = runOneWorker(true, Workload.DEFAULT_MAX_IN_FLIGHT);

        assertThat(closed.mostPagesInFlight())
                .as("paced, closed loop: one page at a time")
                .isEqualTo(1);
        // The pacer's wake-ups are coarser than the half-millisecond interval: it starts the pages that came due
        // together, before the first is answered.
        assertThat(open.mostPagesInFlight()).as("open loop").isGreaterThan(1);
        assertThat(open.pagesPerSecond()).isGreaterThan(1000.0);
        assertThat(open.metrics().errors()).isZero();
    }

    @Test
    @Timeout(20) // a worker that waits for room and is never woken holds the run's end for 30 s
    void anOpenLoopRunAtItsLimitOfPagesInFlightWaitsForEachAnswerAndGoesOn() throws Exception {
        // One page in flight at most for the one worker: at 2,000 pages/s a page often comes due before the last
        // is answered (the pacer wakes more coarsely than every half millisecond), so the worker waits for room
        // again and again, and each answer must wake it.
        RunResult open = runOneWorker(true, 1);

        assertThat(open.mostPagesInFlight()).isEqualTo(1);
        assertThat(open.metrics().pages()).as("pages in the measured second").isGreaterThan(300);
        assertThat(open.metrics().errors()).isZero();
        assertThat(progress.toString(StandardCharsets.UTF_8)).doesNotContain("still waiting");
    }

    /**
     * Every request of every page is written from the clients' I/O loop. Pages started on a timer thread of their
     * own would hand each page's first request over to the loop; on the generator's one core that handover waits
     * for the busy loop to be switched out, and the wait counts in the request's latency (GetExclusive p99 1.2 ms
     * against 0.56 ms for the Set that follows it on the loop).
     */
    @Test
    void everyPageRequestIsWrittenFromTheClientsIoLoop() throws Exception {
        Set<String> threads = ConcurrentHashMap.newKeySet();
        Workload workload = new Workload(
                PageMix.parse("rw=1"),
                100,
                PayloadSizes.parse("uniform:100-300", 7),
                4,
                2,
                Duration.ofMillis(200),
                Duration.ofMillis(500),
                0,
                400,
                7,
                true);
        try (StateServerBackendFactory factory = new StateServerBackendFactory(listener.address())) {
            String loop = factory.pacer()
                    .submit(() -> Thread.currentThread().getName())
                    .get();
            RunResult result = new LoadGenerator(
                            new ThreadRecordingFactory(factory, threads),
                            workload,
                            new PrintStream(progress, true, StandardCharsets.UTF_8),
                            progressEvery)
                    .run("aspstate");

            assertThat(result.metrics().pages()).isPositive();
            assertThat(threads).containsExactly(loop);
        }
    }

    /** The factory's connections, each noting the thread every page request is made on (the pre-load's are not). */
    private record ThreadRecordingFactory(BackendFactory factory, Set<String> threads) implements BackendFactory {
        @Override
        public SessionBackend connect() throws Exception {
            return new ThreadRecordingBackend(factory.connect(), threads);
        }

        @Override
        public String name() {
            return factory.name();
        }

        @Override
        public IoTransport transport() {
            return factory.transport();
        }

        @Override
        public ScheduledExecutorService pacer() {
            return factory.pacer();
        }

        @Override
        public void close() {
            factory.close();
        }
    }

    private record ThreadRecordingBackend(SessionBackend backend, Set<String> threads) implements SessionBackend {
        private <T> T noted(T call) {
            threads.add(Thread.currentThread().getName());
            return call;
        }

        @Override
        public CompletableFuture<Reply> getExclusive(String id) {
            return noted(backend.getExclusive(id));
        }

        @Override
        public CompletableFuture<Reply> get(String id) {
            return noted(backend.get(id));
        }

        @Override
        public CompletableFuture<Reply> setAndRelease(String id, byte[] data, int lockCookie) {
            return noted(backend.setAndRelease(id, data, lockCookie));
        }

        @Override
        public CompletableFuture<Reply> insertUninitialized(String id, byte[] data) {
            return noted(backend.insertUninitialized(id, data));
        }

        @Override
        public CompletableFuture<Reply> release(String id, int lockCookie) {
            return noted(backend.release(id, lockCookie));
        }

        @Override
        public CompletableFuture<Reply> resetTimeout(String id) {
            return noted(backend.resetTimeout(id));
        }

        @Override
        public CompletableFuture<Reply> set(String id, byte[] data) {
            return backend.set(id, data); // the pre-load's writes, made from the caller's thread
        }

        @Override
        public void close() {
            backend.close();
        }
    }

    @Test
    void pacedRunOffersRoughlyTheAskedRate() throws Exception {
        RunResult result = run("ro=1", 100, Duration.ofSeconds(2), 0, 500);
        assertThat(result.pagesPerSecond()).isBetween(350.0, 650.0);
    }

    /**
     * The warm-up runs unpaced and the paced schedule starts with the measured phase: a schedule that began with
     * the warm-up would carry the warm-up's backlog (JIT compiling, a slow start) into the measured phase, whose
     * latencies count from the scheduled start.
     */
    @Test
    void theWarmUpIsUnpacedAndThePacedScheduleStartsWithTheMeasuredPhase() throws Exception {
        progressEvery = Duration.ofMillis(50);
        RunResult result = run("ro=1", 100, Duration.ofSeconds(1), 0, 100);

        List<Double> warmUpRates = progress.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(line -> line.contains("warm-up pages/s"))
                .map(line -> Double.parseDouble(
                        line.replaceAll(".*pages/s +([0-9,.]+).*", "$1").replace(",", "")))
                .toList();
        assertThat(warmUpRates)
                .as("the warm-up, as fast as the server answers")
                .isNotEmpty()
                .anySatisfy(rate -> assertThat(rate).isGreaterThan(300.0));
        assertThat(result.pagesPerSecond()).as("the measured phase, paced").isBetween(60.0, 140.0);
    }

    @Test
    void progressLinesComeAtTheAskedPeriodWithRatesPerSecond() throws Exception {
        progressEvery = Duration.ofMillis(250);
        run("ro=1", 100, Duration.ofSeconds(2), 0, 400);
        List<Double> rates = progress.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(line -> line.contains("measure pages/s"))
                .map(line -> Double.parseDouble(
                        line.replaceAll(".*pages/s +([0-9,.]+) .*", "$1").replace(",", "")))
                .toList();
        // One line per quarter second of the measured phase, the last included, each at about 400 pages/s.
        assertThat(rates).hasSizeBetween(7, 8);
        assertThat(rates).allSatisfy(rate -> assertThat(rate).isBetween(200.0, 600.0));
    }

    @Test
    void reportsAsTableAndJson() throws Exception {
        RunResult result = run("rw=9,ro=1", 100, Duration.ofMillis(500), 0, 0);
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        ReportWriter.table(result, new PrintStream(table, true, StandardCharsets.UTF_8));
        assertThat(table.toString(StandardCharsets.UTF_8))
                .contains("pages (")
                .contains("GetExclusive")
                .contains("p99.9");
        JsonNode json = new ObjectMapper().readTree(ReportWriter.json(result));
        assertThat(json.get("pagesPerSecond").asDouble()).isPositive();
        assertThat(json.get("errors").asLong()).isZero();
        JsonNode latency = json.get("latencyMillis");
        long byKind = latency.get("GET_EXCLUSIVE").get("count").asLong()
                + latency.get("GET").get("count").asLong()
                + latency.get("SET_AND_RELEASE").get("count").asLong();
        assertThat(latency.get("request").get("count").asLong())
                .as("every request, whatever its kind")
                .isEqualTo(byKind)
                .isEqualTo(json.get("requests").asLong());
        assertThat(latency.get("request").get("p99_9").asDouble())
                .isBetween(
                        latency.get("request").get("p50").asDouble(),
                        latency.get("request").get("max").asDouble());
    }

    @Test
    void theChartCommandDrawsOneLinePerSystemFromRealReports(@TempDir Path dir) throws Exception {
        Path slow = Files.writeString(
                dir.resolve("slow.json"), ReportWriter.json(run("rw=9,ro=1", 100, Duration.ofMillis(300), 0, 200)));
        // New visitors only: a second pre-load of the same sessions could find one still locked by the first run.
        Path fast = Files.writeString(
                dir.resolve("fast.json"), ReportWriter.json(run("new=1", 100, Duration.ofMillis(300), 0, 0)));
        Path svg = dir.resolve("sweep.svg");
        StringWriter err = new StringWriter();
        CommandLine chart = BenchMain.commandLine();
        chart.setOut(new PrintWriter(new StringWriter()));
        chart.setErr(new PrintWriter(err));

        assertThat(chart.execute("chart", "--out", svg.toString(), "aspstate=" + slow + "," + fast, "other=" + fast))
                .as(err.toString())
                .isZero();
        org.w3c.dom.Document drawn = javax.xml.parsers.DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(svg.toFile());
        assertThat(drawn.getElementsByTagName("polyline").getLength()).isEqualTo(2);
        assertThat(drawn.getElementsByTagName("circle").getLength()).isEqualTo(3);
        assertThat(Files.readString(svg)).contains(">aspstate</text>", ">other</text>", "request p99 (ms, log scale)");

        assertThat(chart.execute("chart", "--out", svg.toString(), "aspstate=" + dir.resolve("none.json")))
                .isEqualTo(2);
        assertThat(err.toString()).contains("none.json: cannot read it: No such file or directory");
        Path notJson = Files.writeString(dir.resolve("not.json"), "pages: many");
        assertThat(chart.execute("chart", "--out", svg.toString(), "aspstate=" + notJson))
                .isEqualTo(2);
        assertThat(err.toString()).contains("not.json: not a JSON report (");
    }

    @Test
    void theFieldCommandReadsTheReportBackByPointer(@TempDir Path dir) throws Exception {
        Path report = Files.writeString(
                dir.resolve("run.json"), ReportWriter.json(run("rw=9,ro=1", 100, Duration.ofMillis(300), 0, 0)));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine fields = BenchMain.commandLine();
        fields.setOut(new PrintWriter(out));
        fields.setErr(new PrintWriter(err));

        assertThat(fields.execute("field", report.toString(), "/errors", "/latencyMillis/page/max"))
                .isZero();
        assertThat(out.toString().lines()).hasSize(2).first().isEqualTo("0");
        assertThat(fields.execute("field", report.toString(), "/nothing")).isEqualTo(2);
        assertThat(err.toString()).contains("has no value at /nothing");
    }
}
