package aspstate.store.infinispan;

import aspstate.core.Clock;
import aspstate.core.store.StoredValue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.infinispan.AdvancedCache;
import org.infinispan.container.entries.InternalCacheEntry;
import org.infinispan.context.Flag;
import org.infinispan.distribution.DistributionManager;
import org.infinispan.distribution.LocalizedCacheTopology;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pass over the entries a node holds for a store. It reclaims the expired entries this node is the primary owner
 * of (so each is reclaimed, and counted, once in the cluster), without waiting for anyone to look them up; and it
 * counts what the node holds: its bytes, primary and backup copies (what its memory pays for), and the entries and
 * bytes it is the primary owner of (which, summed over the members, count each entry once). The counts go to the
 * store's {@link LocalShare} and, through the {@link CounterBoard}, to the other nodes.
 *
 * <p>Old {@link Tombstone}s go the same way, once their time is up.
 *
 * <p>Expiry is done here, not by Infinispan's lifespans: entries are immortal to Infinispan, and the value's own
 * expiry decides, as in the memory store. Infinispan's file store keeps an entry's first creation time with its
 * latest lifespan, so a session slid after its creation would come back from a restart already expired; and one
 * rule for expiry in every store is simpler to trust.
 */
final class Sweep {
    private static final Logger LOG = LoggerFactory.getLogger(Sweep.class);
    /** At most this many expired entries are reclaimed per pass, so a pass's pause stays bounded; the next goes on. */
    static final int MAX_RECLAIMED_PER_PASS = 20_000;

    private static final long RECLAIM_WAIT_SECONDS = 30;

    private final String store;
    private final AdvancedCache<String, Stamped> cache;
    private final LocalShare share;
    private final CounterBoard board;
    private final Clock clock;

    Sweep(String store, AdvancedCache<String, Stamped> cache, LocalShare share, CounterBoard board, Clock clock) {
        this.store = store;
        this.cache = cache.withFlags(Flag.SKIP_CACHE_LOAD); // memory holds every entry: never read the file store
        this.share = share;
        this.board = board;
        this.clock = clock;
    }

    void run() {
        DistributionManager distribution = cache.getDistributionManager();
        LocalizedCacheTopology topology = distribution == null ? null : distribution.getCacheTopology();
        long now = clock.millis();
        long held = 0;
        long primaryEntries = 0;
        long primaryBytes = 0;
        List<CompletableFuture<Boolean>> reclaims = new ArrayList<>();
        for (InternalCacheEntry<String, Stamped> entry : cache.getDataContainer()) {
            String key = entry.getKey();
            Stamped stamped = entry.getValue();
            StoredValue value = (StoredValue) stamped.value();
            long size = share.size(key, value);
            held += size;
            if (topology != null && !topology.getDistribution(key).isPrimary()) {
                continue;
            }
            boolean tombstone = value instanceof Tombstone;
            if (!value.isExpiredAt(now)) {
                if (!tombstone) {
                    primaryEntries++;
                    primaryBytes += size;
                }
            } else if (reclaims.size() < MAX_RECLAIMED_PER_PASS) {
                reclaims.add(reclaim(key, stamped, size, !tombstone, now));
            }
        }
        share.recounted(held, primaryEntries, primaryBytes);
        board.post(store, share.snapshot());
        awaitReclaims(reclaims);
    }

    /**
     * Removes the entry if it is still the expired one seen (a request may have replaced it meanwhile); an expired
     * session counts as expired, an old tombstone as nothing (its deletion was counted).
     */
    private CompletableFuture<Boolean> reclaim(String key, Stamped expired, long size, boolean countExpired, long now) {
        return InfinispanSessionStore.reclaimExpired(cache, key, expired, now).thenApply(removed -> {
            if (removed) {
                share.release(size);
                if (countExpired) {
                    share.counted(LocalShare.Event.EXPIRED);
                }
            }
            return removed;
        });
    }

    /** Waits (bounded) for this pass's removals, so that passes never pile removals up on a slow cluster. */
    private void awaitReclaims(List<CompletableFuture<Boolean>> reclaims) {
        if (reclaims.isEmpty()) {
            return;
        }
        try {
            CompletableFuture.allOf(reclaims.toArray(CompletableFuture[]::new))
                    .get(RECLAIM_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // A partition or a stopping node: what was not removed is found again by a later pass.
            LOG.debug("reclaiming expired entries of {} failed: {}", store, e.toString());
        }
    }
}
