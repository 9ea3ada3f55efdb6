package aspstate.store.infinispan;

import aspstate.core.Clock;
import aspstate.core.store.StoredValue;
import aspstate.core.stores.StoreId;
import aspstate.store.journal.JournalDirectory;
import aspstate.store.journal.Snapshot;
import aspstate.store.journal.StoreKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.infinispan.AdvancedCache;
import org.infinispan.container.entries.InternalCacheEntry;
import org.infinispan.context.Flag;
import org.infinispan.manager.EmbeddedCacheManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a cluster node with a data directory comes back: whatever stopped it (itself alone, or the whole cluster,
 * gracefully or not), it replays its journal and merges it into the cluster, the higher version of each entry winning
 * ({@link Stamped}), and serves only once that is done.
 *
 * <ul>
 * <li>If some member already serves, the cluster is running: this node pushes its copies (the running cluster keeps
 * whatever is newer, deletions included) and then serves.</li>
 * <li>If none does, the whole cluster stopped: the node waits until every member of {@code --cluster-members} is back
 * (bounded by the join timeout), since any of them may hold the only copy of something, and serves once every member
 * present has pushed its copies. A member lost for good is left out by starting the others without it in
 * {@code --cluster-members}.</li>
 * </ul>
 *
 * <p>Which members serve, and which merged their journal and wait for the others, is in a small replicated cache of
 * markers, in memory only. A member that merged first must not be taken for a running cluster by one that comes
 * after it: that one would serve while the owners of some sessions have not merged theirs yet (with four members or
 * more, two owners a session), and its writes, newer, would then win over the copies those owners push.
 */
final class ClusterRestore {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterRestore.class);
    static final String SERVING_CACHE = "aspstate-serving";
    /** A member's marker once it serves. */
    static final Boolean SERVES = Boolean.TRUE;
    /**
     * A member's marker once it has merged its journal after a stop of the whole cluster, while it waits for the others
     * to merge theirs. Only {@link #SERVES} means a running cluster.
     */
    static final Boolean MERGED = Boolean.FALSE;
    /** Pushes of copies in flight at once. */
    private static final int PUSHES_IN_FLIGHT = 256;

    private static final long POLL_MILLIS = 100;
    private static final long REPORT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final EmbeddedCacheManager manager;
    private final ClusterSettings cluster;
    private final Duration timeout;
    private final Supplier<Set<String>> members;
    private final Clock clock;

    ClusterRestore(
            EmbeddedCacheManager manager,
            ClusterSettings cluster,
            Duration timeout,
            Supplier<Set<String>> members,
            Clock clock) {
        this.manager = manager;
        this.cluster = cluster;
        this.timeout = timeout;
        this.members = members;
        this.clock = clock;
    }

    /**
     * What a rewrite of the node's journal reads: the entries each cache holds on this node (primary and backup
     * copies). Given to the journal once {@link #restore} has merged its entries into the cluster: until then some are
     * in the journal only.
     */
    static Map<StoreKind, Snapshot> snapshots(EmbeddedCacheManager manager, List<StoreId<?>> ids) {
        Map<StoreKind, Snapshot> snapshots = new EnumMap<>(StoreKind.class);
        for (StoreId<?> id : ids) {
            String name = id.name();
            snapshots.put(StoreKind.of(id), visitor -> {
                for (InternalCacheEntry<String, Stamped> entry : manager.<String, Stamped>getCache(name)
                        .getAdvancedCache()
                        .getDataContainer()) {
                    visitor.accept(entry.getKey(), entry.getValue());
                }
            });
        }
        return snapshots;
    }

    /** Merges what the journal held into the cluster and returns once this node may serve. */
    void restore(JournalDirectory directory, Path path, List<StoreId<?>> ids) {
        long started = System.nanoTime();
        boolean running = awaitRunningClusterOrEveryMember();
        long pushed = 0;
        long replayed = 0;
        Map<StoreKind, Map<String, Object>> fromJournal = directory.takeReplayed();
        for (StoreId<?> id : ids) {
            Map<String, Object> entries = fromJournal.getOrDefault(StoreKind.of(id), Map.of());
            replayed += entries.size();
            pushed += push(cache(id.name()), entries);
        }
        if (!running) {
            serving().put(cluster.nodeName(), MERGED);
            awaitEveryMemberMerged();
        }
        serving().put(cluster.nodeName(), SERVES);
        LOG.info(
                "restored from {}: {} entries replayed ({} records), {} of them newer than the cluster's copies, "
                        + "in {} ms",
                path,
                replayed,
                directory.recordsReplayed(),
                pushed,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    /** A node without a data directory serves at once; it says so for the others that wait. */
    void serveWithoutJournal() {
        serving().put(cluster.nodeName(), SERVES);
    }

    private AdvancedCache<String, Stamped> cache(String name) {
        return manager.<String, Stamped>getCache(name).getAdvancedCache().withFlags(Flag.SKIP_CACHE_LOAD);
    }

    private AdvancedCache<String, Boolean> serving() {
        return manager.<String, Boolean>getCache(SERVING_CACHE).getAdvancedCache();
    }

    /** True when a member already serves (the cluster is running); false once every configured member is here. */
    private boolean awaitRunningClusterOrEveryMember() {
        Set<String> expected = InfinispanStores.memberNames(cluster);
        long deadline = System.nanoTime() + timeout.toNanos();
        long nextReport = System.nanoTime() + REPORT_NANOS;
        while (true) {
            Set<String> present = members.get();
            for (String member : present) {
                if (!member.equals(cluster.nodeName())
                        && SERVES.equals(serving().get(member))) {
                    return true;
                }
            }
            if (present.containsAll(expected)) {
                return false;
            }
            if (System.nanoTime() > deadline) {
                throw new StoreStartException(
                        StoreStartException.Reason.NO_QUORUM,
                        "no member serves (the whole "
                                + "cluster was stopped), and not every member of --cluster-members came back within "
                                + timeout.toSeconds() + " s, so sessions only they hold would be missing (members now: "
                                + present + "); start the missing ones, or restart every node without a lost one in "
                                + "--cluster-members",
                        null);
            }
            if (System.nanoTime() > nextReport) {
                LOG.info(
                        "the whole cluster was stopped: waiting for every member to be back before serving "
                                + "(members now: {}, expected: {})",
                        present,
                        expected);
                nextReport = System.nanoTime() + REPORT_NANOS;
            }
            sleep();
        }
    }

    /** Waits until every member present has pushed its copies (it says it merged them, or serves). */
    private void awaitEveryMemberMerged() {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Set<String> present = members.get();
            if (present.stream().allMatch(member -> serving().get(member) != null)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new StoreStartException(
                        StoreStartException.Reason.NO_QUORUM,
                        "not every member merged its " + "journal within " + timeout.toSeconds() + " s (members now: "
                                + present + ")",
                        null);
            }
            sleep();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while restoring", e);
        }
    }

    /**
     * Writes each copy whose version is newer than the cluster's (or that the cluster does not have); returns how
     * many went in. A copy no longer live (an expired session, a tombstone past its time) is left out.
     */
    private long push(AdvancedCache<String, Stamped> cache, Map<String, Object> entries) {
        long now = clock.millis();
        Semaphore inFlight = new Semaphore(PUSHES_IN_FLIGHT);
        AtomicLong pushed = new AtomicLong();
        CompletableFuture<?>[] pushes = new CompletableFuture<?>[entries.size()];
        int index = 0;
        for (Map.Entry<String, Object> entry : entries.entrySet()) {
            Stamped copy = (Stamped) entry.getValue();
            if (((StoredValue) copy.value()).isExpiredAt(now) && copy.horizon() <= now) {
                pushes[index++] = CompletableFuture.completedFuture(null);
                continue;
            }
            inFlight.acquireUninterruptibly();
            pushes[index++] = push(cache, entry.getKey(), copy)
                    .toCompletableFuture()
                    .whenComplete((went, failure) -> {
                        inFlight.release();
                        if (Boolean.TRUE.equals(went)) {
                            pushed.incrementAndGet();
                        }
                    });
        }
        CompletableFuture.allOf(pushes).join();
        return pushed.get();
    }

    /** One copy: written if the cluster has no newer version, with a conditional write that another may beat. */
    private static CompletionStage<Boolean> push(AdvancedCache<String, Stamped> cache, String key, Stamped copy) {
        return cache.getAsync(key).thenCompose(current -> {
            if (current != null && current.version() >= copy.version()) {
                return CompletableFuture.completedFuture(false);
            }
            CompletionStage<Boolean> written = current == null
                    ? cache.putIfAbsentAsync(key, copy).thenApply(previous -> previous == null)
                    : cache.replaceAsync(key, current.expectation(), copy);
            return written.thenCompose(went -> went ? CompletableFuture.completedFuture(true) : push(cache, key, copy));
        });
    }
}
