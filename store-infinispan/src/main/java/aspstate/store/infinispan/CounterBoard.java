package aspstate.store.infinispan;

import aspstate.core.store.StoreStatistics;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.infinispan.AdvancedCache;
import org.infinispan.context.Flag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where every node posts its {@link NodeCounters} for every store: a small cache replicated to all nodes (and kept
 * in the data directory when there is one), so any node adds up the cluster's statistics from its own copy, without
 * asking the others, and a node that restarts continues its totals where it left them.
 */
final class CounterBoard {
    private static final Logger LOG = LoggerFactory.getLogger(CounterBoard.class);
    private static final String SEPARATOR = "@";

    private final AdvancedCache<String, NodeCounters> cache;
    private final String node;
    private final Supplier<Set<String>> members;

    /**
     * @param node    this node's name, the same across its restarts
     * @param members the names of the nodes in the cluster now
     */
    CounterBoard(AdvancedCache<String, NodeCounters> cache, String node, Supplier<Set<String>> members) {
        this.cache = cache;
        this.node = node;
        this.members = members;
    }

    /** What this node last posted for the store (before a restart, say), or zeros. */
    NodeCounters previous(String store) {
        NodeCounters counters = cache.get(key(store, node));
        return counters == null ? NodeCounters.ZERO : counters;
    }

    void post(String store, NodeCounters counters) {
        cache.putAsync(key(store, node), counters).whenComplete((ignored, failure) -> {
            if (failure != null) {
                // The next pass posts again; a partition or a stopping node is not worth more than a debug line.
                LOG.debug("posting the counters of {} failed: {}", store, failure.toString());
            }
        });
    }

    /**
     * The store's statistics across the cluster: totals over every node that ever posted, live figures over the
     * current members, with this node's own counters as they are now.
     */
    StoreStatistics total(String store, NodeCounters own) {
        long created = own.created();
        long expired = own.expired();
        long removed = own.removed();
        long active = own.primaryEntries();
        long bytes = own.primaryBytes();
        Set<String> live = members.get();
        String prefix = store + SEPARATOR;
        for (Map.Entry<String, NodeCounters> posted :
                cache.withFlags(Flag.CACHE_MODE_LOCAL).entrySet()) {
            String key = posted.getKey();
            if (!key.startsWith(prefix)) {
                continue;
            }
            String poster = key.substring(prefix.length());
            if (poster.equals(node)) {
                continue;
            }
            NodeCounters counters = posted.getValue();
            created += counters.created();
            expired += counters.expired();
            removed += counters.removed();
            if (live.contains(poster)) {
                active += counters.primaryEntries();
                bytes += counters.primaryBytes();
            }
        }
        return new StoreStatistics(active, created, expired, removed, bytes);
    }

    private static String key(String store, String node) {
        return store + SEPARATOR + node;
    }
}
