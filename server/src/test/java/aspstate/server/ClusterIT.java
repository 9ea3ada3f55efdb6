package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.core.testing.LoopbackPorts;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Three {@code serve} processes on loopback forming one cluster (memory, two owners): any node serves any session
 * over both protocols, two nodes racing for one lock give one winner, and a node killed with {@code kill -9} while
 * locked read-write pages run through the others loses no session and no lock, and rejoins when restarted.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(OrderAnnotation.class)
class ClusterIT {
    private static final long SECONDS = 30;
    private final List<ServeNode> nodes = new ArrayList<>();
    private final List<Integer> tdsPorts = new ArrayList<>();

    @BeforeAll
    void startThreeNodes() throws Exception {
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        List<Integer> clusterPorts = List.of(LoopbackPorts.free(), LoopbackPorts.free(), LoopbackPorts.free());
        String members = "127.0.0.1:" + clusterPorts.get(0) + ",127.0.0.1:" + clusterPorts.get(1) + ",127.0.0.1:"
                + clusterPorts.get(2);
        for (int i = 0; i < 3; i++) {
            tdsPorts.add(LoopbackPorts.free());
        }
        for (int i = 0; i < 3; i++) {
            nodes.add(new ServeNode(
                            List.of(),
                            loopback,
                            List.of(
                                    "--cluster-members",
                                    members,
                                    "--cluster-port",
                                    "" + clusterPorts.get(i),
                                    "--cluster-name",
                                    "it-" + clusterPorts.get(0),
                                    "--tds-port",
                                    "" + tdsPorts.get(i),
                                    "--tds-failover-partner",
                                    "127.0.0.1," + tdsPorts.get((i + 1) % 3)))
                    .start());
        }
        for (ServeNode node : nodes) {
            node.awaitReady();
            assertThat(node.store())
                    .startsWith("cluster it-" + clusterPorts.get(0) + " (node 127.0.0.1:")
                    .contains("members " + members + ", owners 2, memory, max-memory ");
        }
    }

    @AfterAll
    void stopNodes() {
        nodes.forEach(ServeNode::close);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static StateServerResponse await(java.util.concurrent.CompletableFuture<StateServerResponse> answer)
            throws Exception {
        return answer.get(SECONDS, TimeUnit.SECONDS);
    }

    @Test
    @Order(1)
    void sessionsWrittenThroughEveryNodeAreReadThroughEveryOtherOverBothProtocols() throws Exception {
        for (int writer = 0; writer < 3; writer++) {
            try (StateServerConnection client = nodes.get(writer).client();
                    Connection sql = nodes.get(writer).sql()) {
                assertThat(await(client.set(
                                        "/LM/W3SVC/1/ROOT/app/by" + writer, bytes("written by " + writer), 20, null))
                                .isOk())
                        .isTrue();
                AspStateJdbc.insertShort(
                        sql, "sqlsession0000000000000" + writer + "0000002a", bytes("sql by " + writer), 20);
                AspStateJdbc.addItem(sql, "sharepoint-" + writer, bytes("sp by " + writer), 20);
            }
        }
        for (int reader = 0; reader < 3; reader++) {
            try (StateServerConnection client = nodes.get(reader).client();
                    Connection sql = nodes.get(reader).sql()) {
                for (int writer = 0; writer < 3; writer++) {
                    StateServerResponse get = await(client.get("/LM/W3SVC/1/ROOT/app/by" + writer));
                    assertThat(get.isOk())
                            .as("node %d reads node %d's session", reader, writer)
                            .isTrue();
                    assertThat(get.data()).isEqualTo(bytes("written by " + writer));
                    assertThat(AspStateJdbc.get3(sql, "sqlsession0000000000000" + writer + "0000002a", false)
                                    .item())
                            .isEqualTo(bytes("sql by " + writer));
                    assertThat(AspStateJdbc.getItem(sql, "sharepoint-" + writer, false)
                                    .item())
                            .isEqualTo(bytes("sp by " + writer));
                }
                assertThat(AspStateJdbc.tempGetAppId(sql, "/LM/W3SVC/1/ROOT"))
                        .as("one id on every node")
                        .isEqualTo(538_231_025);
            }
        }
    }

    @Test
    @Order(2)
    void twoNodesAcquiringOneSessionAtOnceGiveExactlyOneWinner() throws Exception {
        int keys = 100;
        try (StateServerConnection setup = nodes.get(2).client()) {
            for (int k = 0; k < keys; k++) {
                assertThat(await(setup.set("/race/" + k, bytes("r" + k), 20, null))
                                .isOk())
                        .isTrue();
            }
        }
        AtomicInteger[] winners = new AtomicInteger[keys];
        Map<Integer, Integer> cookies = new ConcurrentHashMap<>();
        for (int k = 0; k < keys; k++) {
            winners[k] = new AtomicInteger();
        }
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> racers = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int node = 0; node < 2; node++) {
            StateServerConnection client = nodes.get(node).client();
            Thread racer = new Thread(() -> {
                try (client) {
                    go.await();
                    for (int k = 0; k < keys; k++) {
                        StateServerResponse answer = await(client.getExclusive("/race/" + k));
                        if (answer.isOk()) {
                            winners[k].incrementAndGet();
                            cookies.put(k, answer.lockCookie());
                        } else {
                            assertThat(answer.isLocked())
                                    .as("the loser is told it is locked")
                                    .isTrue();
                        }
                    }
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            racers.add(racer);
            racer.start();
        }
        go.countDown();
        for (Thread racer : racers) {
            racer.join(TimeUnit.SECONDS.toMillis(120));
        }

        assertThat(failures).isEmpty();
        for (int k = 0; k < keys; k++) {
            assertThat(winners[k].get()).as("winners of /race/%d", k).isEqualTo(1);
            assertThat(cookies.get(k)).isEqualTo(2);
        }
    }

    /**
     * Locked read-write pages (acquire, then a write with the cookie, which releases) run through nodes 0 and 1
     * while node 2 is killed; each session belongs to one worker, so the last write acknowledged is what must be
     * read back. Other sessions hold locks across the kill.
     */
    @Test
    @Order(3)
    void aNodeKilledUnderLoadLosesNoSessionAndNoLockAndRejoins() throws Exception {
        int workers = 4;
        int sessionsPerWorker = 50;
        int heldLocks = 30;
        Map<String, byte[]> lastWritten = new ConcurrentHashMap<>();
        Map<String, Integer> held = new ConcurrentHashMap<>();
        for (int node = 0; node < 3; node++) {
            try (StateServerConnection client = nodes.get(node).client()) {
                for (int w = node; w < workers; w += 3) {
                    for (int s = 0; s < sessionsPerWorker; s++) {
                        String key = "/page/" + w + "/" + s;
                        assertThat(await(client.set(key, bytes(key + " v0"), 20, null))
                                        .isOk())
                                .isTrue();
                        lastWritten.put(key, bytes(key + " v0"));
                    }
                }
                for (int h = node; h < heldLocks; h += 3) {
                    String key = "/held/" + h;
                    assertThat(await(client.set(key, bytes(key), 20, null)).isOk())
                            .isTrue();
                    StateServerResponse locked = await(client.getExclusive(key));
                    assertThat(locked.isOk()).isTrue();
                    held.put(key, locked.lockCookie());
                }
            }
        }
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong pages = new AtomicLong();
        AtomicLong maxPageMillis = new AtomicLong();
        List<String> failures = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            int worker = w;
            StateServerConnection client = nodes.get(worker % 2).client();
            Thread thread = new Thread(() -> {
                try (client) {
                    for (int n = 1; !stop.get() && n < 100_000; n++) {
                        String key = "/page/" + worker + "/" + (n % sessionsPerWorker);
                        long started = System.nanoTime();
                        StateServerResponse acquired = await(client.getExclusive(key));
                        if (!acquired.isOk()) {
                            throw new AssertionError(key + ": acquire answered " + acquired.status());
                        }
                        byte[] next = bytes(key + " v" + n);
                        StateServerResponse written = await(client.set(key, next, 20, acquired.lockCookie()));
                        if (!written.isOk()) {
                            throw new AssertionError(key + ": write answered " + written.status());
                        }
                        lastWritten.put(key, next);
                        pages.incrementAndGet();
                        maxPageMillis.accumulateAndGet(
                                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), Math::max);
                    }
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add("worker " + worker + ": " + e);
                    }
                }
            });
            threads.add(thread);
            thread.start();
        }
        awaitPages(pages, 200);

        nodes.get(2).kill();
        long pagesAtKill = pages.get();
        awaitPages(pages, pagesAtKill + 400);
        stop.set(true);
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(60));
        }

        assertThat(failures)
                .as("the survivors kept answering; what they warned of: %s", survivorWarnings())
                .isEmpty();
        int lost = 0;
        for (int reader = 0; reader < 2; reader++) {
            try (StateServerConnection client = nodes.get(reader).client()) {
                for (Map.Entry<String, byte[]> session : lastWritten.entrySet()) {
                    StateServerResponse get = await(client.get(session.getKey()));
                    if (!get.isOk()) {
                        lost++;
                        continue;
                    }
                    assertThat(new String(get.data(), StandardCharsets.UTF_8))
                            .as(session.getKey())
                            .isEqualTo(new String(session.getValue(), StandardCharsets.UTF_8));
                }
                for (Map.Entry<String, Integer> lock : held.entrySet()) {
                    StateServerResponse get = await(client.get(lock.getKey()));
                    assertThat(get.isLocked())
                            .as("%s still locked", lock.getKey())
                            .isTrue();
                    assertThat(get.lockCookie())
                            .as("%s keeps its cookie", lock.getKey())
                            .isEqualTo(lock.getValue());
                }
            }
        }
        assertThat(lost).as("sessions lost").isZero();
        try (StateServerConnection client = nodes.get(1).client()) {
            for (Map.Entry<String, Integer> lock : held.entrySet()) {
                assertThat(await(client.releaseExclusive(lock.getKey(), lock.getValue()))
                                .isOk())
                        .isTrue();
                assertThat(await(client.get(lock.getKey())).isOk())
                        .as("%s released", lock.getKey())
                        .isTrue();
            }
        }
        System.out.printf(
                "kill -9 under load: %d sessions, %d pages (%d after the kill), 0 failed, longest page "
                        + "%d ms, %d sessions lost, %d of %d held locks kept their cookies%n",
                lastWritten.size() + held.size(),
                pages.get(),
                pages.get() - pagesAtKill,
                maxPageMillis.get(),
                lost,
                held.size(),
                held.size());

        ServeNode restarted = nodes.get(2).start().awaitReady();
        try (StateServerConnection client = restarted.client()) {
            for (Map.Entry<String, byte[]> session : lastWritten.entrySet()) {
                StateServerResponse get = await(client.get(session.getKey()));
                assertThat(get.isOk())
                        .as("the rejoined node serves %s", session.getKey())
                        .isTrue();
                assertThat(get.data()).isEqualTo(session.getValue());
            }
        }
    }

    /**
     * SQL Server mode's failover as ASP.NET's SqlClient does it: the connection string names a node that is down
     * and, as Failover Partner, another; SqlClient goes to the partner, which announces its own partner after
     * login as a mirrored SQL Server does, and the session calls run there.
     */
    @Test
    @Order(4)
    void sqlClientReachesTheFailoverPartnerWhenTheDataSourceIsDown() throws Exception {
        Path program = MonoProgram.compiled("AspNetSqlCalls");
        int down = LoopbackPorts.free();

        Map<String, String> observed = MonoProgram.run(
                program,
                "Data Source=127.0.0.1," + down
                        + ";Failover Partner=127.0.0.1," + tdsPorts.get(0) + ";Initial Catalog=ASPState;User ID=web;"
                        + "Password=x;Encrypt=false;Connect Timeout=30");

        SqlClientInteropTest.assertAspNetSequence(observed);
    }

    /** The survivors' warnings and errors, which say why one of them closed a connection. */
    private List<String> survivorWarnings() {
        List<String> warnings = new ArrayList<>();
        for (ServeNode survivor : nodes.subList(0, 2)) {
            for (String line : survivor.process().stderrSoFar()) {
                if (line.contains(" WARN ") || line.contains(" ERROR ")) {
                    warnings.add(line);
                }
            }
        }
        return warnings;
    }

    private static void awaitPages(AtomicLong pages, long count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (pages.get() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + pages.get() + " pages of " + count + " within 120 s");
            }
            Thread.sleep(20);
        }
    }
}
