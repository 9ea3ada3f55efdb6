package aspstate.store.infinispan;

import static aspstate.store.infinispan.StoreCalls.await;
import static aspstate.store.infinispan.StoreCalls.send;
import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ManualClock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateRequest;
import aspstate.core.stateserver.StateResult;
import aspstate.core.store.SessionStore;
import aspstate.core.stores.StoreId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.infinispan.AdvancedCache;
import org.infinispan.context.Flag;
import org.infinispan.distribution.DistributionInfo;
import org.infinispan.distribution.LocalizedCacheTopology;
import org.infinispan.topology.CacheTopology;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A node joins a running cluster while its sessions are locked and released: the joiner receives every key by
 * state transfer while the metadata updates of those locks reach it as a new owner. Afterwards every owner of
 * every key must hold the same copy; an owner left with an older one than the primary's makes every later
 * conditional write of that key fail.
 */
class ClusterJoinTest {
    private static final byte[] DATA = {1, 2, 3};
    private static final int SESSIONS = 3_000;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private TestCluster cluster;
    private final List<InfinispanStores> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        nodes.forEach(InfinispanStores::close);
    }

    private InfinispanStores start(int index) {
        return cluster.start(index, Optional.empty(), List.of(StoreId.STATESERVER), clock);
    }

    private SessionStore<SessionEntry> sessions(int node) {
        return nodes.get(node).store(StoreId.STATESERVER);
    }

    @Test
    void aNodeJoiningWhileSessionsAreLockedAndReleasedEndsWithTheSameCopyAsEveryOtherOwner() throws Exception {
        cluster = TestCluster.ofThree("join");
        // Two of three are a majority: they start together, the third joins later.
        CompletableFuture<InfinispanStores> first = CompletableFuture.supplyAsync(() -> start(0));
        CompletableFuture<InfinispanStores> second = CompletableFuture.supplyAsync(() -> start(1));
        nodes.add(first.get(120, TimeUnit.SECONDS));
        nodes.add(second.get(120, TimeUnit.SECONDS));
        for (int s = 0; s < SESSIONS; s++) {
            send(sessions(s % 2), key(s), StateRequest.set(DATA, 20, false, null));
        }

        AtomicBoolean joined = new AtomicBoolean();
        AtomicInteger changes = new AtomicInteger();
        List<CompletableFuture<Void>> lockers = new ArrayList<>();
        for (int node = 0; node < 2; node++) {
            int from = node;
            lockers.add(CompletableFuture.runAsync(() -> lockAndRelease(from, joined, changes)));
        }
        nodes.add(start(2));
        await("the joiner owns its share", () -> rebalanced(nodes.get(2)) && rebalanced(nodes.get(0)));
        joined.set(true);
        for (CompletableFuture<Void> locker : lockers) {
            locker.get(120, TimeUnit.SECONDS);
        }

        assertThat(changes.get()).as("locks and releases while the node joined").isPositive();
        LocalizedCacheTopology topology = cache(0).getDistributionManager().getCacheTopology();
        List<String> differing = new ArrayList<>();
        for (int s = 0; s < SESSIONS; s++) {
            DistributionInfo owners = topology.getDistribution(key(s));
            Stamped primary = localCopy(owners.primary().toString(), key(s));
            for (var backup : owners.writeBackups()) {
                Stamped copy = localCopy(backup.toString(), key(s));
                if (copy == null || primary == null || copy.stamp() != primary.stamp()) {
                    differing.add(key(s));
                }
            }
        }
        assertThat(differing).as("keys whose owners hold different copies").isEmpty();
        for (int s = 0; s < SESSIONS; s += 97) {
            for (int node = 0; node < 3; node++) {
                StateResult locked = send(sessions(node), key(s), StateRequest.getExclusive());
                assertThat(locked.shape()).isEqualTo(StateResult.Shape.DATA_LOCKED);
                send(sessions(node), key(s), StateRequest.releaseExclusive(locked.lockCookie()));
            }
        }
    }

    /** Locks and releases every session in turn from one node, bounded in count, until the join is over. */
    private void lockAndRelease(int node, AtomicBoolean joined, AtomicInteger changes) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        for (int round = 0; round < 50 && !joined.get() && System.nanoTime() < deadline; round++) {
            for (int s = node; s < SESSIONS && !joined.get(); s += 2) {
                StateResult locked = send(sessions(node), key(s), StateRequest.getExclusive());
                send(sessions(node), key(s), StateRequest.releaseExclusive(locked.lockCookie()));
                changes.addAndGet(2);
            }
        }
    }

    private static String key(int session) {
        return "/join/" + session;
    }

    private AdvancedCache<String, Stamped> cache(int node) {
        return nodes.get(node)
                .managerForTests()
                .<String, Stamped>getCache(StoreId.STATESERVER.name())
                .getAdvancedCache();
    }

    private static boolean rebalanced(InfinispanStores node) {
        CacheTopology topology = node.managerForTests()
                .getCache(StoreId.STATESERVER.name())
                .getAdvancedCache()
                .getDistributionManager()
                .getCacheTopology();
        return topology.getPhase() == CacheTopology.Phase.NO_REBALANCE
                && topology.getActualMembers().size() == 3;
    }

    /** What the node named {@code owner} holds of the key itself, without asking the others. */
    private Stamped localCopy(String owner, String key) {
        for (int node = 0; node < nodes.size(); node++) {
            if (Objects.equals(nodes.get(node).managerForTests().getAddress().toString(), owner)) {
                return cache(node)
                        .withFlags(Flag.CACHE_MODE_LOCAL, Flag.SKIP_OWNERSHIP_CHECK, Flag.SKIP_CACHE_LOAD)
                        .get(key);
            }
        }
        throw new AssertionError("no node " + owner);
    }
}
