package aspstate.store.infinispan;

import aspstate.core.Clock;
import aspstate.core.store.MemoryBudget;
import aspstate.core.stores.StoreId;
import aspstate.core.testing.LoopbackPorts;
import aspstate.store.journal.JournalSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Three members of a test cluster on loopback, each on a free port, with two owners a key; named after the first
 * member's port, so that clusters of tests running side by side never meet.
 */
final class TestCluster {
    private final String name;
    private final List<InetSocketAddress> members;

    private TestCluster(String prefix, List<InetSocketAddress> members) {
        this.name = prefix + "-" + members.get(0).getPort();
        this.members = List.copyOf(members);
    }

    static TestCluster ofThree(String prefix) throws IOException {
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        List<InetSocketAddress> members = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            members.add(new InetSocketAddress(loopback, LoopbackPorts.free()));
        }
        return new TestCluster(prefix, members);
    }

    /** The settings of member {@code index}. */
    ClusterSettings member(int index) {
        InetSocketAddress self = members.get(index);
        return new ClusterSettings(name, self.getAddress(), self.getPort(), members, 2, Optional.empty());
    }

    /** The settings of a process that talks to the cluster without being one of its members (cluster-stop). */
    ClusterSettings outsider() {
        return new ClusterSettings(name, members.get(0).getAddress(), 0, members, 2, Optional.empty());
    }

    /** Starts member {@code index} with these stores (waiting for a majority), its journal in {@code journal}. */
    InfinispanStores start(int index, Optional<JournalSettings> journal, List<StoreId<?>> ids, Clock clock) {
        return InfinispanStores.start(
                new InfinispanSettings(member(index), journal, Duration.ofMinutes(2)),
                ids,
                clock,
                new MemoryBudget(0),
                0);
    }
}
