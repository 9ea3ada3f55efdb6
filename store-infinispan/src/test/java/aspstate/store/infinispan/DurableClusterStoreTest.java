package aspstate.store.infinispan;

import aspstate.core.testing.LoopbackPorts;
import static aspstate.store.infinispan.DurableStoreTest.await;
import static aspstate.store.infinispan.DurableStoreTest.read;
import static aspstate.store.infinispan.DurableStoreTest.send;
import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ManualClock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateRequest;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.SessionStore;
import java.net.InetAddress;
import java.net.InetSocketAddress;
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
 * Three durable nodes in one process: a node that rejoins a running cluster drops its old files and is refilled
 * (a session deleted while it was away stays deleted); a cluster stopped as a whole keeps every session.
 */
class DurableClusterStoreTest {
    private static final long T = 1_700_000_000_000L;
    private static final byte[] DATA = {9, 8, 7, 0, (byte) 0xFF};

    @TempDir
    Path directory;

    private final ManualClock clock = new ManualClock(T);
    private final List<InetSocketAddress> members = new ArrayList<>();
    private final List<InfinispanStores> running = new ArrayList<>();

    @AfterEach
    void stop() {
        running.forEach(InfinispanStores::close);
    }

    private ClusterSettings cluster(InetSocketAddress self) {
        return new ClusterSettings("durable-" + members.get(0).getPort(), self.getAddress(), self.getPort(),
                members, 2, Optional.empty());
    }

    private InfinispanStores node(int index) {
        InetSocketAddress self = members.get(index);
        InfinispanStores node = InfinispanStores.start(new InfinispanSettings(
                        Optional.of(new Durability(directory.resolve("node" + index), Durability.Fsync.OFF)),
                        Optional.of(cluster(self)), Duration.ofMinutes(2)),
                DurableStoreTest.NAMES, clock, new MemoryBudget(0), 0);
        synchronized (running) {
            running.add(node);
        }
        return node;
    }

    private List<InfinispanStores> startAll() throws Exception {
        List<CompletableFuture<InfinispanStores>> starting = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int index = i;
            starting.add(CompletableFuture.supplyAsync(() -> node(index)));
        }
        List<InfinispanStores> nodes = new ArrayList<>();
        for (CompletableFuture<InfinispanStores> node : starting) {
            nodes.add(node.get(120, TimeUnit.SECONDS));
        }
        return nodes;
    }

    private void threeMembers() throws Exception {
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        for (int i = 0; i < 3; i++) {
            members.add(new InetSocketAddress(loopback, LoopbackPorts.free()));
        }
    }

    @Test
    void aClusterStoppedAsAWholeComesBackWithEverySession() throws Exception {
        threeMembers();
        List<InfinispanStores> nodes = startAll();
        int count = 60;
        for (int i = 0; i < count; i++) {
            send(nodes.get(i % 3).store("stateserver"), "/whole/" + i, StateRequest.set(DATA, 20, false, null));
        }
        send(nodes.get(0).store("stateserver"), "/whole/0", StateRequest.getExclusive());
        CountDownLatch stopped = new CountDownLatch(3);
        nodes.forEach(node -> node.whenStoppedByCluster(stopped::countDown));

        InfinispanStores.stopCluster(new ClusterSettings(cluster(members.get(0)).name(),
                InetAddress.getByName("127.0.0.1"), 0, members, 2, Optional.empty()), Duration.ofMinutes(1));

        assertThat(stopped.await(60, TimeUnit.SECONDS)).as("every node noticed the cluster-wide stop").isTrue();
        nodes.forEach(InfinispanStores::close);
        running.clear();
        List<InfinispanStores> again = startAll();
        for (int i = 0; i < count; i++) {
            SessionEntry entry = read(again.get((i + 1) % 3).<SessionEntry>store("stateserver"), "/whole/" + i);
            assertThat(entry).as("/whole/%d after the restart", i).isNotNull();
            assertThat(entry.data()).isEqualTo(DATA);
        }
        SessionEntry locked = read(again.get(2).<SessionEntry>store("stateserver"), "/whole/0");
        assertThat(locked.locked()).isTrue();
        assertThat(locked.lockCookie()).isEqualTo(2);
    }

    /**
     * Deletes and updates racing with the rebalance after a node's crash can leave older versions in some node's
     * file store (seen with Infinispan 16.1.4, in about one run of five; memory is right), which a restart of the
     * whole cluster would load. The stores are written from memory before a cluster-wide stop; this checks the
     * whole sequence: every delete and update of the race is there after the restart, through every node. A crash
     * is simulated by dropping the node's JGroups channel, so that it leaves no cache gracefully.
     */
    @Test
    void writesRacingWithARebalanceAreAllRightAfterTheWholeClusterRestarts() throws Exception {
        threeMembers();
        List<InfinispanStores> nodes = startAll();
        int keys = 120;
        for (int k = 0; k < keys; k++) {
            send(nodes.get(0).store("stateserver"), "/race/" + k, StateRequest.set(DATA, 20, false, null));
        }
        ((org.infinispan.remoting.transport.jgroups.JGroupsTransport) org.infinispan.factories.GlobalComponentRegistry
                .of(nodes.get(2).managerForTests()).getComponent(org.infinispan.remoting.transport.Transport.class))
                .getChannel().disconnect();
        byte[] updated = {4, 2};
        for (int k = 0; k < keys; k++) {
            send(nodes.get(1).store("stateserver"), "/race/" + k, k % 2 == 0 ? StateRequest.remove(null)
                    : StateRequest.set(updated, 20, false, null));
        }
        nodes.get(2).close();
        running.remove(nodes.get(2));
        nodes.set(2, node(2));
        CountDownLatch stopped = new CountDownLatch(3);
        nodes.forEach(node -> node.whenStoppedByCluster(stopped::countDown));

        InfinispanStores.stopCluster(new ClusterSettings(cluster(members.get(0)).name(),
                InetAddress.getByName("127.0.0.1"), 0, members, 2, Optional.empty()), Duration.ofMinutes(1));
        assertThat(stopped.await(120, TimeUnit.SECONDS)).isTrue();
        nodes.forEach(InfinispanStores::close);
        running.clear();
        List<InfinispanStores> again = startAll();

        for (int n = 0; n < 3; n++) {
            SessionStore<SessionEntry> sessions = again.get(n).store("stateserver");
            for (int k = 0; k < keys; k++) {
                SessionEntry entry = read(sessions, "/race/" + k);
                if (k % 2 == 0) {
                    assertThat(entry).as("deleted /race/%d, through node %d", k, n).isNull();
                } else {
                    assertThat(entry.data()).as("updated /race/%d, through node %d", k, n).isEqualTo(updated);
                }
            }
        }
    }

    @Test
    void aNodeRejoiningARunningClusterDropsItsOldFilesAndIsRefilled() throws Exception {
        threeMembers();
        List<InfinispanStores> nodes = startAll();
        SessionStore<SessionEntry> first = nodes.get(0).store("stateserver");
        for (int i = 0; i < 30; i++) {
            send(first, "/rejoin/" + i, StateRequest.set(DATA, 20, false, null));
        }
        nodes.get(2).close();
        running.remove(nodes.get(2));
        await("two members left", () -> nodes.get(0).memberNames().size() == 2);
        for (int i = 0; i < 30; i += 2) {
            send(first, "/rejoin/" + i, StateRequest.remove(null));
        }

        InfinispanStores back = node(2);

        SessionStore<SessionEntry> rejoined = back.store("stateserver");
        for (int i = 0; i < 30; i++) {
            assertThat(read(rejoined, "/rejoin/" + i) != null).as("/rejoin/%d read through the rejoined node", i)
                    .isEqualTo(i % 2 == 1);
        }
        await("the rejoined node counts the same live sessions", () -> rejoined.statistics().active() == 15);
    }
}
