package aspstate.store.infinispan;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.infinispan.factories.GlobalComponentRegistry;
import org.infinispan.lifecycle.ComponentStatus;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.topology.ClusterCacheStatus;
import org.infinispan.topology.ClusterTopologyManager;
import org.infinispan.topology.ClusterTopologyManagerImpl;

/**
 * Works around an Infinispan 16.1.4 defect that would make {@code aspstate cluster-stop} keep nothing: a node that
 * becomes coordinator because the previous one left or crashed rebuilds each cache's cluster status from the
 * members' answers but leaves it INSTANTIATED, and a coordinator ignores a cluster-wide shutdown of a cache whose
 * status is not RUNNING (only the node that asked stops its copy; the others keep serving and save no layout). On
 * the coordinator, before the shutdown, this marks each such rebuilt status (one with a current layout) RUNNING, as
 * it is on a first coordinator. Reaches private fields: pinned to the Infinispan version of the build, and
 * {@code DurableClusterStoreTest} fails if a new version changes them.
 */
final class RecoveredCoordinatorRepair {

    private RecoveredCoordinatorRepair() {
    }

    /** @return how many cache statuses were repaired (0 on a node that is not the coordinator) */
    static int run(EmbeddedCacheManager manager) {
        if (!manager.isCoordinator()) {
            return 0;
        }
        ClusterTopologyManager topology = GlobalComponentRegistry.of(manager)
                .getComponent(ClusterTopologyManager.class);
        int repaired = 0;
        try {
            Field statuses = ClusterTopologyManagerImpl.class.getDeclaredField("cacheStatusMap");
            Field lockField = ClusterCacheStatus.class.getDeclaredField("lock");
            Field statusField = ClusterCacheStatus.class.getDeclaredField("status");
            statuses.setAccessible(true);
            lockField.setAccessible(true);
            statusField.setAccessible(true);
            for (Object each : ((Map<?, ?>) statuses.get(topology)).values()) {
                ClusterCacheStatus cache = (ClusterCacheStatus) each;
                ReentrantLock lock = (ReentrantLock) lockField.get(cache);
                lock.lock();
                try {
                    if (statusField.get(cache) == ComponentStatus.INSTANTIATED && cache.getCurrentTopology() != null) {
                        statusField.set(cache, ComponentStatus.RUNNING);
                        repaired++;
                    }
                } finally {
                    lock.unlock();
                }
            }
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("this Infinispan version is not the one aspstate was built and tested "
                    + "with: cannot prepare its coordinator for a cluster-wide stop (" + e + ")", e);
        }
        return repaired;
    }
}
