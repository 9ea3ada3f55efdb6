package aspstate.server;

import aspstate.admin.ServerMetrics;
import aspstate.core.Clock;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.ObservedSessionStore;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoredValue;
import aspstate.core.stores.StoreId;
import aspstate.core.stores.StoreSet;
import aspstate.store.infinispan.InfinispanSettings;
import aspstate.store.infinispan.InfinispanStores;
import aspstate.store.infinispan.StoreStartException;
import aspstate.store.journal.DataDirectoryException;
import aspstate.store.journal.Journal;
import aspstate.store.journal.JournaledStores;
import aspstate.transport.EventLoopTurns;
import aspstate.transport.InboundBudget;
import java.util.ArrayList;
import java.util.List;
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
    private final StoreSet stores;
    private final String description;
    private final AutoCloseable engine;
    private final Optional<InfinispanStores> infinispan;
    private final Optional<Journal> journal;
    private final MemoryBudget budget;
    private final InboundBudget inbound;
    private final boolean clustered;

    private ServerStores(
            StoreSet stores,
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
        List<StoreId<?>> served = options.tds().isPresent() ? StoreId.all() : List.of(StoreId.STATESERVER);
        MemoryStoreSettings memory = options.memoryStore();
        MemoryBudget budget = new MemoryBudget(memory.maxMemoryBytes());
        InboundBudget inbound = new InboundBudget(budget, options.maxInboundBytes());
        if (options.infinispan().isPresent()) {
            // A journal keeps every store, also those whose listener is off this time (--tds-port off).
            List<StoreId<?>> started = options.infinispan().get().journal().isPresent() ? StoreId.all() : served;
            InfinispanStores engine = startInfinispan(options, started, budget);
            engine.journal()
                    .ifPresent(journal -> metrics.ifPresent(meters -> meters.watchJournal(journal::statistics)));
            return new ServerStores(
                    observed(StoreSet.of(served, engine::store), metrics),
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
            return new ServerStores(
                    observed(StoreSet.of(served, journaled::store), metrics),
                    journaled.describe(),
                    () -> CloseAll.inOrder(List.<AutoCloseable>of(journaled, reaper::shutdownNow)),
                    Optional.empty(),
                    Optional.of(journaled.journal()),
                    budget,
                    inbound,
                    false);
        }
        StoreSet stores = StoreSet.of(served, new StoreSet.Opener() {
            @Override
            public <V extends StoredValue> SessionStore<V> open(StoreId<V> id) {
                return new MemorySessionStore<>(Clock.SYSTEM, memory, budget, reaper);
            }
        });
        List<AutoCloseable> parts = new ArrayList<>(stores.stores());
        parts.add(reaper::shutdownNow);
        return new ServerStores(
                observed(stores, metrics),
                stores.get(StoreId.STATESERVER).describe(),
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

    /** The session stores wrapped to report to the metrics; the application ids are not sessions. */
    private static StoreSet observed(StoreSet stores, Optional<ServerMetrics> metrics) {
        if (metrics.isEmpty()) {
            return stores;
        }
        return stores.map(new StoreSet.Wrapper() {
            @Override
            public <V extends StoredValue> SessionStore<V> wrap(StoreId<V> id, SessionStore<V> store) {
                return id.holdsSessions()
                        ? new ObservedSessionStore<>(store, metrics.get().observe(id))
                        : store;
            }
        });
    }

    private static InfinispanStores startInfinispan(ServeOptions options, List<StoreId<?>> ids, MemoryBudget budget) {
        InfinispanSettings settings = options.infinispan().orElseThrow();
        try {
            return InfinispanStores.start(
                    settings, ids, Clock.SYSTEM, budget, options.memoryStore().entryOverheadBytes());
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

    /** The store of that id: every id the server serves was started. */
    <V extends StoredValue> SessionStore<V> store(StoreId<V> id) {
        return stores.get(id);
    }

    /** Every store the server serves. */
    StoreSet all() {
        return stores;
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
        for (StoreId<?> id : stores.ids()) {
            if (id.holdsSessions()) {
                sessions += stores.get(id).statistics().active();
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
