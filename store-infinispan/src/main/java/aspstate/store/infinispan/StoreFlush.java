package aspstate.store.infinispan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import io.reactivex.rxjava3.core.Flowable;
import org.infinispan.AdvancedCache;
import org.infinispan.container.entries.InternalCacheEntry;
import org.infinispan.distribution.DistributionManager;
import org.infinispan.factories.ComponentRegistry;
import org.infinispan.persistence.manager.PersistenceManager;
import org.infinispan.persistence.spi.MarshallableEntryFactory;

/**
 * Makes a node's file store for a cache hold exactly what the node holds in memory, before the whole cluster stops
 * and each node keeps its files for the restart. Needed because Infinispan 16.1's state transfer can leave an older
 * version of an entry in a node's file store than the one in its memory when a write races with a rebalance
 * (memory, which serves every request, is right; the file store would only be read at the next start, and would
 * bring that older version back). Runs with no request being served, so nothing changes underneath it.
 */
final class StoreFlush {
    private static final long WAIT_SECONDS = 120;

    private StoreFlush() {
    }

    /** @return the number of entries written and of stale entries deleted from the file store */
    static int[] run(AdvancedCache<String, Stamped> cache) {
        ComponentRegistry registry = ComponentRegistry.of(cache);
        PersistenceManager persistence = registry.getComponent(PersistenceManager.class);
        @SuppressWarnings("unchecked")
        MarshallableEntryFactory<String, Stamped> entries = registry.getComponent(MarshallableEntryFactory.class);
        DistributionManager distribution = cache.getDistributionManager();
        Set<String> inMemory = new HashSet<>();
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        for (InternalCacheEntry<String, Stamped> entry : cache.getDataContainer()) {
            inMemory.add(entry.getKey());
            writes.add(persistence.writeToAllNonTxStores(entries.create(entry.getKey(), entry.getValue()),
                    segment(distribution, entry.getKey()), PersistenceManager.AccessMode.PRIVATE)
                    .toCompletableFuture());
        }
        await(CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)));
        List<String> stale = Flowable.fromPublisher(persistence.<String>publishKeys(key -> !inMemory.contains(key),
                PersistenceManager.AccessMode.PRIVATE)).toList().blockingGet();
        List<CompletableFuture<Boolean>> deletes = new ArrayList<>();
        for (String key : stale) {
            CompletionStage<Boolean> deleted = persistence.deleteFromAllStores(key, segment(distribution, key),
                    PersistenceManager.AccessMode.PRIVATE);
            deletes.add(deleted.toCompletableFuture());
        }
        await(CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new)));
        return new int[] {writes.size(), stale.size()};
    }

    private static int segment(DistributionManager distribution, String key) {
        return distribution == null ? 0 : distribution.getCacheTopology().getSegment(key);
    }

    private static void await(CompletableFuture<Void> all) {
        try {
            all.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted writing the file store", e);
        } catch (Exception e) {
            throw new IllegalStateException("writing the file store failed: " + e.getMessage(), e);
        }
    }
}
