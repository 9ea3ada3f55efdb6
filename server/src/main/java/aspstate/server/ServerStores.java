package aspstate.server;

import aspstate.admin.ServerMetrics;
import aspstate.core.Clock;
import aspstate.core.store.KeyRule;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.ObservedSessionStore;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoredValue;
import aspstate.store.infinispan.InfinispanSettings;
import aspstate.store.infinispan.InfinispanStores;
import aspstate.store.infinispan.StoreStartException;
import aspstate.store.journal.DataDirectoryException;
import aspstate.store.journal.Journal;
import aspstate.store.journal.JournaledStores;
import aspstate.store.journal.StoreKind;
import aspstate.transport.EventLoopTurns;
import aspstate.transport.InboundBudget;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The stores the protocols run on, one per kind of value: the StateServer sessions and, with the TDS listener, the
 * ASPState sessions (and those of the async provider's own tables), the application ids, the SharePoint items and
 * the entries of ASP.NET Core's distributed SQL Server cache. In memory by default; on Infinispan, durable and
 * or clustered, with {@code --data-dir} or {@code --cluster-members}. Either way they draw on one
 * {@code --max-memory} budget, which requests still arriving share ({@code --max-inbound}).
 */
final class ServerStores implements AutoCloseable {
    static final String STATESERVER = "stateserver";
    static final String SQL_SESSIONS = "sqlstate-sessions";
    static final String SQL_APP_IDS = "sqlstate-appids";
    static final String SHAREPOINT_ITEMS = "spstate-items";
    static final String CORE_CACHE_ENTRIES = "corecache-entries";

    /** The names operators see (metrics' store label, the admin API) for the stores that hold sessions. */
    static final Map<String, String> SESSION_STORE_NAMES = Map.of(
            STATESERVER,
            "stateserver",
            SQL_SESSIONS,
            "sqlstate",
            SHAREPOINT_ITEMS,
            "spstate",
            CORE_CACHE_ENTRIES,
            "corecache");

    private final Map<String, SessionStore<?>> stores;
    private final String description;
    private final AutoCloseable engine;
    private final Optional<InfinispanStores> infinispan;
    private final Optional<Journal> journal;
    private final MemoryBudget budget;
    private final InboundBudget inbound;
    private final boolean clustered;

    private ServerStores(
            Map<String, SessionStore<?>> stores,
            String description,
            AutoCloseable engine,
            Optional<InfinispanStores> infinispan,
            Optional<Journal> journal,
            MemoryBudget budget,
            InboundBudget inbound,
            boolean clustered) {
        this.stores = stores;
        this.description = description;
        this.engine = engine;
        this.infinispan = infinispan;
        this.journal = journal;
        this.budget = budget;
        this.inbound = inbound;
        this.clustered = clustered;
    }

    /**
     * @param metrics where the session stores report their requests and locks, if the admin listener runs
     * @throws UserError when the data directory or the cluster cannot be used, naming the option
     */
    static ServerStores start(ServeOptions options, Optional<ServerMetrics> metrics) {
        List<String> names = new ArrayList<>(List.of(STATESERVER));
        if (options.tds().isPresent()) {
            names.addAll(List.of(SQL_SESSIONS, SQL_APP_IDS, SHAREPOINT_ITEMS, CORE_CACHE_ENTRIES));
        }
        MemoryStoreSettings memory = options.memoryStore();
        MemoryBudget budget = new MemoryBudget(memory.maxMemoryBytes());
        InboundBudget inbound = new InboundBudget(budget, options.maxInboundBytes());
        if (options.infinispan().isPresent()) {
            // A journal keeps every kind, also those whose listener is off this time (--tds-port off).
            List<String> started = options.infinispan().get().journal().isPresent()
                    ? Arrays.stream(StoreKind.values())
                            .map(StoreKind::storeName)
                            .toList()
                    : names;
            InfinispanStores engine = startInfinispan(options, started, budget);
            engine.journal()
                    .ifPresent(journal -> metrics.ifPresent(meters -> meters.watchJournal(journal::statistics)));
            Map<String, SessionStore<?>> stores = new LinkedHashMap<>();
            for (String name : names) {
                stores.put(name, engine.store(name));
            }
            return new ServerStores(
                    observed(stores, metrics),
                    engine.describe(),
                    engine,
                    Optional.of(engine),
                    Optional.empty(),
                    budget,
                    inbound,
                    true);
        }
        // One reaper thread ticks every store's expiry: each tick is a bounded batch.
        ScheduledExecutorService reaper = MemorySessionStore.newReaper();
        if (options.journal().isPresent()) {
            JournaledStores journaled = openJournal(options, memory, budget, reaper);
            metrics.ifPresent(meters -> meters.watchJournal(journaled.journal()::statistics));
            Map<String, SessionStore<?>> stores = new LinkedHashMap<>();
            for (String name : names) {
                stores.put(name, journaled.store(StoreKind.named(name).orElseThrow()));
            }
            return new ServerStores(
                    observed(stores, metrics),
                    journaled.describe(),
                    () -> CloseAll.inOrder(List.<AutoCloseable>of(journaled, reaper::shutdownNow)),
                    Optional.empty(),
                    Optional.of(journaled.journal()),
                    budget,
                    inbound,
                    false);
        }
        Map<String, SessionStore<?>> stores = new LinkedHashMap<>();
        for (String name : names) {
            stores.put(name, new MemorySessionStore<>(Clock.SYSTEM, memory, budget, reaper));
        }
        List<AutoCloseable> parts = new ArrayList<>(stores.values());
        parts.add(reaper::shutdownNow);
        return new ServerStores(
                observed(stores, metrics),
                stores.get(STATESERVER).describe(),
                () -> CloseAll.inOrder(parts),
                Optional.empty(),
                Optional.empty(),
                budget,
                inbound,
                false);
    }

    /**
     * Every store kind is journaled, also those whose listener is off this time (--tds-port off): their sessions
     * stay in the journal for a start that serves them again.
     */
    private static JournaledStores openJournal(
            ServeOptions options, MemoryStoreSettings memory, MemoryBudget budget, ScheduledExecutorService reaper) {
        try {
            return JournaledStores.open(
                    options.journal().orElseThrow(), Clock.SYSTEM, memory, budget, reaper, EventLoopTurns::atEndOfTurn);
        } catch (DataDirectoryException e) {
            reaper.shutdownNow();
            throw new UserError(options.where(ServerOptions.DATA_DIR) + ": " + e.getMessage());
        }
    }

    /** The listener that serves the store of this name: the StateServer one, or TDS for the others. */
    static String protocolOf(String storeName) {
        return storeName.equals(STATESERVER) ? "stateserver" : "tds";
    }

    /**
     * How the protocol serving the store of this name makes a client's id its key: the TDS stores compare ids as SQL
     * Server's default collation does, without case, except ASP.NET Core's cache, whose id column has case (its
     * table's names have none).
     */
    static KeyRule keyRuleOf(String storeName) {
        if (storeName.equals(CORE_CACHE_ENTRIES)) {
            return KeyRule.TABLE_ROW;
        }
        return storeName.equals(SQL_SESSIONS) || storeName.equals(SHAREPOINT_ITEMS)
                ? KeyRule.WITHOUT_CASE
                : KeyRule.AS_SENT;
    }

    /** The session stores wrapped to report to the metrics; the application ids are not sessions. */
    private static Map<String, SessionStore<?>> observed(
            Map<String, SessionStore<?>> stores, Optional<ServerMetrics> metrics) {
        if (metrics.isEmpty()) {
            return stores;
        }
        Map<String, SessionStore<?>> observed = new LinkedHashMap<>();
        stores.forEach((name, store) -> {
            String label = SESSION_STORE_NAMES.get(name);
            observed.put(
                    name,
                    label == null
                            ? store
                            : new ObservedSessionStore<>(store, metrics.get().observe(protocolOf(name), label)));
        });
        return observed;
    }

    private static InfinispanStores startInfinispan(ServeOptions options, List<String> names, MemoryBudget budget) {
        InfinispanSettings settings = options.infinispan().orElseThrow();
        try {
            return InfinispanStores.start(
                    settings, names, Clock.SYSTEM, budget, options.memoryStore().entryOverheadBytes());
        } catch (StoreStartException e) {
            throw new UserError(where(options, e.reason()) + ": " + e.getMessage());
        }
    }

    private static String where(ServeOptions options, StoreStartException.Reason reason) {
        switch (reason) {
            case CLUSTER_PORT_IN_USE:
                return options.where(ServerOptions.CLUSTER_PORT);
            case CLUSTER_ADDRESS_NOT_LOCAL:
                return options.where(ServerOptions.CLUSTER_BIND);
            case NO_QUORUM:
                return options.where(ServerOptions.CLUSTER_MEMBERS);
            case DATA_DIRECTORY_IN_USE:
            case DATA_DIRECTORY_UNUSABLE:
                return options.where(ServerOptions.DATA_DIR);
            default:
                throw new IllegalStateException("unknown reason " + reason);
        }
    }

    @SuppressWarnings("unchecked")
    <V extends StoredValue> SessionStore<V> get(String name) {
        SessionStore<?> store = stores.get(name);
        if (store == null) {
            throw new IllegalArgumentException("no store " + name + " was started");
        }
        return (SessionStore<V>) store;
    }

    /** Every store by its name. */
    Map<String, SessionStore<?>> all() {
        return Collections.unmodifiableMap(stores);
    }

    /** The one --max-memory budget of every store and of requests still arriving. */
    MemoryBudget budget() {
        return budget;
    }

    /**
     * What a stop does to the sessions, said in the last log line: an operator restarting a memory-only server should
     * know what it cost.
     */
    String whatStoppingLeaves() {
        // A cluster node does not count what it holds here: its counters are in a cache that may be stopping.
        if (clustered) {
            return infinispan.orElseThrow().durable()
                    ? "this node's copies kept in its journal, for its next start or the whole cluster's"
                    : "this node kept no copies (no --" + ServerOptions.DATA_DIR + "): its sessions live on only "
                            + "in the copies of the nodes still running";
        }
        if (journal.isPresent()) {
            return "sessions kept on disk for the next start";
        }
        long sessions = 0;
        for (Map.Entry<String, SessionStore<?>> store : stores.entrySet()) {
            if (SESSION_STORE_NAMES.containsKey(store.getKey())) {
                sessions += store.getValue().statistics().active();
            }
        }
        return sessions + " session(s) dropped (memory only: --" + ServerOptions.DATA_DIR + " keeps them across "
                + "restarts)";
    }

    /**
     * False while the stores refuse to serve (a node in a partition's minority) or to take changes (a journal whose
     * disk is full or failing); always true in memory.
     */
    boolean available() {
        return infinispan.map(InfinispanStores::available).orElse(true)
                && journal.map(Journal::healthy).orElse(true);
    }

    /** The cluster's members as this node sees them, or empty without a cluster. */
    List<String> clusterMembers() {
        return infinispan
                .filter(engine -> clustered)
                .map(engine -> List.copyOf(engine.memberNames()))
                .orElse(List.of());
    }

    /** What requests still arriving may hold: part of the same --max-memory budget as the stores. */
    InboundBudget inbound() {
        return inbound;
    }

    /** For the startup line, e.g. "memory (max-memory 3 GiB)". */
    String describe() {
        return description;
    }

    /** Runs {@code action} if the whole cluster is stopped ({@code aspstate cluster-stop}); never for a single node. */
    void whenStoppedByCluster(Runnable action) {
        infinispan.ifPresent(engine -> engine.whenStoppedByCluster(action));
    }

    @Override
    public void close() {
        try {
            engine.close();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("closing the stores failed", e);
        }
    }
}
