package aspstate.store.infinispan;

import static aspstate.store.infinispan.StoreCalls.await;
import static aspstate.store.infinispan.StoreCalls.read;
import static aspstate.store.infinispan.StoreCalls.send;
import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ManualClock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateRequest;
import aspstate.core.store.SessionStore;
import aspstate.core.stores.StoreId;
import aspstate.core.testing.Await;
import aspstate.core.testing.CapturedLog;
import aspstate.store.journal.Fsync;
import aspstate.store.journal.JournalSettings;
import ch.qos.logback.classic.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three durable nodes in one process, each with its journal: a cluster stopped as a whole (with {@code cluster-stop},
 * or node by node) comes back with every session, the newest version of each; a node that rejoins a running cluster
 * merges its journal in without bringing back what was deleted or overwritten while it was away.
 */
class DurableClusterStoreTest {
    private static final long T = 1_700_000_000_000L;
    private static final byte[] DATA = {9, 8, 7, 0, (byte) 0xFF};

    @TempDir
    Path directory;

    private final ManualClock clock = new ManualClock(T);
    private TestCluster cluster;
    private final List<InfinispanStores> running = new ArrayList<>();

    @AfterEach
    void stop() {
        running.forEach(InfinispanStores::close);
    }

    private InfinispanStores node(int index) {
        return node(index, JournalSettings.DEFAULT_REWRITE_MIN_BYTES);
    }

    private InfinispanStores node(int index, long rewriteMinBytes) {
        InfinispanStores node = cluster.start(
                index,
                Optional.of(new JournalSettings(
                        directory.resolve("node" + index),
                        Fsync.OFF,
                        rewriteMinBytes,
                        JournalSettings.DEFAULT_REWRITE_GROWTH_PERCENT)),
                StoreId.all(),
                clock);
        synchronized (running) {
            running.add(node);
        }
        return node;
    }

    private List<InfinispanStores> startAll() throws Exception {
        return startAll(JournalSettings.DEFAULT_REWRITE_MIN_BYTES);
    }

    private List<InfinispanStores> startAll(long rewriteMinBytes) throws Exception {
        List<CompletableFuture<InfinispanStores>> starting = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int index = i;
            starting.add(CompletableFuture.supplyAsync(() -> node(index, rewriteMinBytes)));
        }
        List<InfinispanStores> nodes = new ArrayList<>();
        for (CompletableFuture<InfinispanStores> node : starting) {
            nodes.add(node.get(120, TimeUnit.SECONDS));
        }
        return nodes;
    }

    /** Runs {@code cluster-stop}, waits until every node has stopped, and starts all three again on their files. */
    private List<InfinispanStores> stopTheClusterAndStartItAgain(List<InfinispanStores> nodes) throws Exception {
        return stopTheClusterAndStartItAgain(nodes, JournalSettings.DEFAULT_REWRITE_MIN_BYTES);
    }

    private List<InfinispanStores> stopTheClusterAndStartItAgain(List<InfinispanStores> nodes, long rewriteMinBytes)
            throws Exception {
        CountDownLatch stopped = new CountDownLatch(3);
        nodes.forEach(node -> node.whenStoppedByCluster(stopped::countDown));
        InfinispanStores.stopCluster(cluster.outsider(), Duration.ofMinutes(1));
        assertThat(stopped.await(60, TimeUnit.SECONDS))
                .as("every node noticed the cluster-wide stop")
                .isTrue();
        nodes.forEach(InfinispanStores::close);
        running.clear();
        return startAll(rewriteMinBytes);
    }

    private static int coordinator(List<InfinispanStores> nodes) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).managerForTests().isCoordinator()) {
                return i;
            }
        }
        throw new AssertionError("no node is the coordinator");
    }

    @Test
    void aClusterStoppedAsAWholeComesBackWithEverySession() throws Exception {
        cluster = TestCluster.ofThree("durable");
        List<InfinispanStores> nodes = startAll();
        int count = 60;
        for (int i = 0; i < count; i++) {
            send(nodes.get(i % 3).store(StoreId.STATESERVER), "/whole/" + i, StateRequest.set(DATA, 20, false, null));
        }
        send(nodes.get(0).store(StoreId.STATESERVER), "/whole/0", StateRequest.getExclusive());
        List<InfinispanStores> again = stopTheClusterAndStartItAgain(nodes);
        for (int i = 0; i < count; i++) {
            SessionEntry entry = read(again.get((i + 1) % 3).store(StoreId.STATESERVER), "/whole/" + i);
            assertThat(entry).as("/whole/%d after the restart", i).isNotNull();
            assertThat(entry.data()).isEqualTo(DATA);
        }
        SessionEntry locked = read(again.get(2).store(StoreId.STATESERVER), "/whole/0");
        assertThat(locked.locked()).isTrue();
        assertThat(locked.lockCookie()).isEqualTo(2);
    }

    /**
     * Journals past their rewrite's threshold at a restart of the whole cluster: no rewrite runs until each node has
     * merged its journal into the cluster (a base read from caches that do not hold everything yet would leave out
     * what only the journal holds, and drop the files that hold it), and then one does at once, with every session.
     */
    @Test
    void journalsDueForARewriteAtARestartAreRewrittenOnceMergedWithEverySession() throws Exception {
        cluster = TestCluster.ofThree("rewrite");
        List<InfinispanStores> nodes = startAll();
        int count = 60;
        byte[] large = new byte[48 << 10];
        for (int i = 0; i < count; i++) {
            large[0] = (byte) i;
            send(nodes.get(i % 3).store(StoreId.STATESERVER), "/due/" + i, StateRequest.set(large, 20, false, null));
        }

        List<InfinispanStores> again;
        try (CapturedLog rewrites = new CapturedLog("aspstate.store.journal.Rewrite", Level.WARN)) {
            again = stopTheClusterAndStartItAgain(nodes, 1 << 20);
            assertThat(rewrites.events()).as("rewrites that failed").isEmpty();
        }
        for (InfinispanStores node : again) {
            Await.until(
                    "a rewrite once the node serves",
                    () -> node.journal().orElseThrow().statistics().rewrites() > 0
                            && !node.journal().orElseThrow().statistics().rewriting());
        }

        List<InfinispanStores> last = stopTheClusterAndStartItAgain(again);
        for (int i = 0; i < count; i++) {
            SessionEntry entry = read(last.get(i % 3).store(StoreId.STATESERVER), "/due/" + i);
            assertThat(entry).as("/due/%d after the rewrites", i).isNotNull();
            assertThat(entry.data()[0]).isEqualTo((byte) i);
        }
    }

    /**
     * Deletes and updates racing with the rebalance after a node's crash: the journals then hold older versions of
     * some entries beside the newer ones (copies a rebalance moved, copies the crashed node kept). After the whole
     * cluster restarts, every delete and update of the race is there, through every node: the newest version wins,
     * and a deletion's tombstone beats the older copies. A crash is simulated by dropping the node's JGroups
     * channel, so that it leaves no cache gracefully; the node that crashes is the coordinator.
     */
    @Test
    void writesRacingWithARebalanceAreAllRightAfterTheWholeClusterRestarts() throws Exception {
        cluster = TestCluster.ofThree("durable");
        List<InfinispanStores> nodes = startAll();
        int keys = 120;
        for (int k = 0; k < keys; k++) {
            send(nodes.get(0).store(StoreId.STATESERVER), "/race/" + k, StateRequest.set(DATA, 20, false, null));
        }
        int crashed = coordinator(nodes);
        ((org.infinispan.remoting.transport.jgroups.JGroupsTransport)
                        org.infinispan.factories.GlobalComponentRegistry.of(
                                        nodes.get(crashed).managerForTests())
                                .getComponent(org.infinispan.remoting.transport.Transport.class))
                .getChannel()
                .disconnect();
        byte[] updated = {4, 2};
        for (int k = 0; k < keys; k++) {
            send(
                    nodes.get((crashed + 1) % 3).store(StoreId.STATESERVER),
                    "/race/" + k,
                    k % 2 == 0 ? StateRequest.remove(null) : StateRequest.set(updated, 20, false, null));
        }
        nodes.get(crashed).close();
        running.remove(nodes.get(crashed));
        nodes.set(crashed, node(crashed));
        List<InfinispanStores> again = stopTheClusterAndStartItAgain(nodes);

        for (int n = 0; n < 3; n++) {
            SessionStore<SessionEntry> sessions = again.get(n).store(StoreId.STATESERVER);
            for (int k = 0; k < keys; k++) {
                SessionEntry entry = read(sessions, "/race/" + k);
                if (k % 2 == 0) {
                    assertThat(entry)
                            .as("deleted /race/%d, through node %d", k, n)
                            .isNull();
                } else {
                    assertThat(entry.data())
                            .as("updated /race/%d, through node %d", k, n)
                            .isEqualTo(updated);
                }
            }
        }
    }

    /**
     * JGroups 5.5's default per-destination bundler keeps counting the messages queued for a member that crashed
     * and spins on a core forever after (28 s of CPU in 35 s on a survivor). The transport uses another bundler:
     * after a crash under writes, the survivors' bundler threads are idle.
     */
    @Test
    void aMemberCrashingUnderWritesLeavesNoThreadSpinningOnTheOthers() throws Exception {
        cluster = TestCluster.ofThree("durable");
        List<InfinispanStores> nodes = startAll();
        List<CompletableFuture<?>> writes = new ArrayList<>();
        for (int k = 0; k < 2_000; k++) {
            writes.add(nodes.get(k % 2)
                    .store(StoreId.STATESERVER)
                    .execute("/crash/" + k, StateRequest.set(DATA, 20, false, null))
                    .toCompletableFuture());
            if (k == 200) {
                ((org.infinispan.remoting.transport.jgroups.JGroupsTransport)
                                org.infinispan.factories.GlobalComponentRegistry.of(
                                                nodes.get(2).managerForTests())
                                        .getComponent(org.infinispan.remoting.transport.Transport.class))
                        .getChannel()
                        .disconnect();
            }
        }
        writes.forEach(write -> write.handle((result, failure) -> null).join());
        await(
                "the survivors see two members",
                () -> nodes.get(0).managerForTests().getMembers().size() == 2
                        && nodes.get(1).managerForTests().getMembers().size() == 2);

        long before = bundlerCpuNanos();
        Thread.sleep(2_000); // a CPU time over a wall-clock interval: what is measured is the passing of time
        long spent = bundlerCpuNanos() - before;
        assertThat(spent).as("CPU nanoseconds of the bundler threads in 2 s").isLessThan(300_000_000L);
    }

    private static long bundlerCpuNanos() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long total = 0;
        int found = 0;
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().toLowerCase(java.util.Locale.ROOT).contains("bundler")) {
                total += Math.max(0, threads.getThreadCpuTime(thread.getId()));
                found++;
            }
        }
        assertThat(found).as("bundler threads of the survivors").isGreaterThanOrEqualTo(2);
        return total;
    }

    @Test
    void aClusterStoppedNodeByNodeComesBackWithEverySession() throws Exception {
        cluster = TestCluster.ofThree("durable");
        List<InfinispanStores> nodes = startAll();
        for (int i = 0; i < 60; i++) {
            send(nodes.get(i % 3).store(StoreId.STATESERVER), "/bynode/" + i, StateRequest.set(DATA, 20, false, null));
        }
        nodes.forEach(InfinispanStores::close);
        running.clear();
        List<InfinispanStores> again = startAll();
        for (int i = 0; i < 60; i++) {
            assertThat(read(again.get(i % 3).store(StoreId.STATESERVER), "/bynode/" + i))
                    .as("/bynode/%d after the restart", i)
                    .isNotNull();
        }
    }

    @Test
    void aNodeRejoiningARunningClusterBringsBackNothingDeletedOrOverwrittenMeanwhile() throws Exception {
        cluster = TestCluster.ofThree("durable");
        List<InfinispanStores> nodes = startAll();
        SessionStore<SessionEntry> first = nodes.get(0).store(StoreId.STATESERVER);
        for (int i = 0; i < 30; i++) {
            send(first, "/rejoin/" + i, StateRequest.set(DATA, 20, false, null));
        }
        nodes.get(2).close();
        running.remove(nodes.get(2));
        await("two members left", () -> nodes.get(0).memberNames().size() == 2);
        byte[] newer = {1, 2, 3};
        for (int i = 0; i < 30; i++) {
            send(
                    first,
                    "/rejoin/" + i,
                    i % 2 == 0 ? StateRequest.remove(null) : StateRequest.set(newer, 20, false, null));
        }

        InfinispanStores back = node(2);

        SessionStore<SessionEntry> rejoined = back.store(StoreId.STATESERVER);
        for (int i = 0; i < 30; i++) {
            SessionEntry entry = read(rejoined, "/rejoin/" + i);
            if (i % 2 == 0) {
                assertThat(entry)
                        .as("/rejoin/%d, deleted while the node was away", i)
                        .isNull();
            } else {
                assertThat(entry.data())
                        .as("/rejoin/%d, overwritten while the node was away", i)
                        .isEqualTo(newer);
            }
        }
        await(
                "the rejoined node counts the same live sessions",
                () -> rejoined.statistics().active() == 15);
    }
}
