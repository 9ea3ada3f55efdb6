package aspstate.store.infinispan;

import aspstate.core.ByteSize;
import aspstate.core.Clock;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoredValue;
import aspstate.core.stores.StoreId;
import aspstate.core.stores.StoreSet;
import aspstate.store.journal.DataDirectoryException;
import aspstate.store.journal.Journal;
import aspstate.store.journal.JournalDirectory;
import aspstate.store.journal.JournalSettings;
import aspstate.store.journal.StoreKind;
import aspstate.store.journal.TurnEnd;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.infinispan.AdvancedCache;
import org.infinispan.commons.dataconversion.MediaType;
import org.infinispan.configuration.cache.CacheMode;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.cache.CustomStoreConfigurationBuilder;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.configuration.global.ShutdownHookBehavior;
import org.infinispan.configuration.parsing.ConfigurationBuilderHolder;
import org.infinispan.conflict.MergePolicy;
import org.infinispan.factories.GlobalComponentRegistry;
import org.infinispan.manager.DefaultCacheManager;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.partitionhandling.AvailabilityMode;
import org.infinispan.partitionhandling.PartitionHandling;
import org.infinispan.remoting.transport.Address;
import org.infinispan.remoting.transport.jgroups.JGroupsTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster side of the server: one embedded cache manager, one distributed cache per store, and the counters
 * every node posts. Entries are spread over the nodes with {@code owners} synchronous copies; with
 * {@code --data-dir}, every node also keeps a journal of the copies it holds ({@link JournalStore}), so that a whole
 * cluster stopped or crashed together comes back with every acknowledged write ({@link ClusterRestore}).
 *
 * <p>Cluster rules, chosen so that no session can have two lock holders:
 * <ul>
 * <li>Partitions: DENY_READ_WRITES. A side that does not hold every owner of a key refuses it (a minority side
 * refuses everything), so only one side ever changes a session. After the partition heals, the side that stayed
 * available wins (merge policy NONE): the other side's copies are dropped and refilled from it.</li>
 * <li>Quorum at start: a node starts only once a majority of the members it was given (itself included) are in the
 * cluster, so a node that cannot reach the others (or has the wrong secret) never forms a cluster of its own and
 * hands out sessions the others do not see.</li>
 * <li>Coming back with a data directory: the node merges its journal into the cluster, the newer version of each
 * entry winning, before it serves; see {@link ClusterRestore}.</li>
 * </ul>
 */
public final class InfinispanStores implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(InfinispanStores.class);
    private static final String COUNTERS_CACHE = "aspstate-counters";
    /**
     * How often each store is swept (expired entries reclaimed, entries counted); a pass that takes longer than
     * 1/{@link #SWEEP_COST_FACTOR} of this makes the next one wait {@code SWEEP_COST_FACTOR} times its duration.
     */
    static final long SWEEP_INTERVAL_MILLIS = 1_000;

    private static final int SWEEP_COST_FACTOR = 20;
    /**
     * The stores of each running cache manager, for requests that arrive through the cluster executor, by the
     * manager's component registry: the manager such a request is given is another view of the one started (not
     * equal to it), the registry is the same.
     */
    private static final Map<GlobalComponentRegistry, InfinispanStores> RUNNING = new ConcurrentHashMap<>();

    private final DefaultCacheManager manager;
    private final InfinispanSettings settings;
    private final Optional<JournalDirectory> journal;
    private volatile StoreSet stores = StoreSet.empty();
    private final Map<StoreId<?>, LocalShare> shares = new LinkedHashMap<>();
    private final ScheduledExecutorService sweeping;
    private final ExecutorService iteration;
    private final String description;
    private volatile boolean closing;
    /** What to run when the whole cluster is stopped; guarded by this. */
    private Runnable stoppedByCluster;
    /** The whole cluster was asked to stop; guarded by this. */
    private boolean stopAsked;

    private InfinispanStores(
            DefaultCacheManager manager,
            InfinispanSettings settings,
            String description,
            Optional<JournalDirectory> journal) {
        this.manager = manager;
        this.settings = settings;
        this.description = description;
        this.journal = journal;
        this.sweeping = Executors.newSingleThreadScheduledExecutor(daemon("aspstate-store-sweep"));
        this.iteration = Executors.newSingleThreadExecutor(daemon("aspstate-store-iteration"));
    }

    /**
     * Starts the cache manager (joining the cluster, waiting for a quorum) and one store per id; with a data
     * directory, replays the node's journal and merges it into the cluster before returning.
     *
     * @param budget             the process's {@code --max-memory}, shared by the stores
     * @param entryOverheadBytes counted per entry on top of key and value, as the memory store counts it
     * @throws StoreStartException when the cluster or the data directory cannot be used, with the reason
     */
    public static InfinispanStores start(
            InfinispanSettings settings,
            List<StoreId<?>> ids,
            Clock clock,
            MemoryBudget budget,
            int entryOverheadBytes) {
        Optional<JournalDirectory> journal = settings.journal().map(InfinispanStores::openJournal);
        try {
            return start(settings, ids, clock, budget, entryOverheadBytes, journal);
        } catch (RuntimeException | Error e) {
            journal.ifPresent(JournalDirectory::close);
            throw e;
        } finally {
            JournalStore.unregister(settings.cluster().nodeName());
        }
    }

    private static JournalDirectory openJournal(JournalSettings journal) {
        try {
            return JournalDirectory.open(journal, ClusterJournalFormat.INSTANCE);
        } catch (DataDirectoryException e) {
            throw new StoreStartException(
                    e.reason() == DataDirectoryException.Reason.IN_USE
                            ? StoreStartException.Reason.DATA_DIRECTORY_IN_USE
                            : StoreStartException.Reason.DATA_DIRECTORY_UNUSABLE,
                    e.getMessage(),
                    e);
        }
    }

    private static InfinispanStores start(
            InfinispanSettings settings,
            List<StoreId<?>> ids,
            Clock clock,
            MemoryBudget budget,
            int entryOverheadBytes,
            Optional<JournalDirectory> journal) {
        ConfigurationBuilderHolder holder = new ConfigurationBuilderHolder();
        configureGlobal(holder.getGlobalConfigurationBuilder(), settings);
        for (StoreId<?> id : ids) {
            holder.newConfigurationBuilder(id.name())
                    .read(storeConfiguration(settings).build());
        }
        holder.newConfigurationBuilder(COUNTERS_CACHE).read(replicated().build());
        holder.newConfigurationBuilder(ClusterRestore.SERVING_CACHE)
                .read(replicated().build());
        // The caches' journal stores find the node's journal by its name as they start, inside the manager's start,
        // where a cache also receives its share from the others: the journal must take those writes by then.
        journal.ifPresent(directory -> {
            JournalStore.register(settings.cluster().nodeName(), directory.journal());
            // Its records come from Infinispan's threads, which have no turns: the writer is woken at once.
            directory.journal().start(TurnEnd.NOW);
        });
        DefaultCacheManager manager;
        try {
            manager = new DefaultCacheManager(holder, true);
        } catch (RuntimeException e) {
            throw StartFailure.explain(e, settings);
        }
        InfinispanStores engine = new InfinispanStores(manager, settings, describe(settings, budget), journal);
        LOG.info(
                "joined cluster {} as {}: members {}",
                settings.cluster().name(),
                settings.cluster().nodeName(),
                engine.memberNames());
        manager.addListener(new ClusterViewLog());
        try {
            ClusterRestore restore = new ClusterRestore(
                    manager, settings.cluster(), settings.quorumTimeout(), engine::memberNames, clock);
            if (journal.isPresent()) {
                restore.restore(journal.get(), settings.journal().orElseThrow().directory(), ids);
                // Only now do the caches hold everything the journal does.
                journal.get().journal().rewriteFrom(ClusterRestore.snapshots(manager, ids));
            } else {
                restore.serveWithoutJournal();
            }
            engine.open(ids, clock, budget, entryOverheadBytes);
        } catch (RuntimeException e) {
            engine.close();
            throw StartFailure.explain(e, settings);
        }
        RUNNING.put(GlobalComponentRegistry.of(manager), engine);
        return engine;
    }

    private void open(List<StoreId<?>> ids, Clock clock, MemoryBudget budget, int entryOverheadBytes) {
        AdvancedCache<String, NodeCounters> counters =
                manager.<String, NodeCounters>getCache(COUNTERS_CACHE).getAdvancedCache();
        CounterBoard board = new CounterBoard(counters, settings.cluster().nodeName(), this::memberNames);
        stores = StoreSet.of(ids, new StoreSet.Opener() {
            @Override
            public <V extends StoredValue> SessionStore<V> open(StoreId<V> id) {
                return openStore(id, board, clock, budget, entryOverheadBytes);
            }
        });
    }

    private <V extends StoredValue> SessionStore<V> openStore(
            StoreId<V> id, CounterBoard board, Clock clock, MemoryBudget budget, int entryOverheadBytes) {
        String name = id.name();
        AdvancedCache<String, Stamped> cache =
                manager.<String, Stamped>getCache(name).getAdvancedCache();
        LocalShare share = new LocalShare(budget, entryOverheadBytes, board.previous(name));
        Sweep sweep = new Sweep(name, cache, share, board, clock);
        sweep.run();
        scheduleSweep(sweep, SWEEP_INTERVAL_MILLIS);
        shares.put(id, share);
        return new InfinispanSessionStore<>(
                StoreKind.of(id),
                cache,
                clock,
                share,
                () -> board.total(name, share.snapshot()),
                iteration,
                description);
    }

    private void scheduleSweep(Sweep sweep, long delayMillis) {
        sweeping.schedule(
                () -> {
                    long started = System.nanoTime();
                    try {
                        sweep.run();
                    } catch (RuntimeException e) {
                        // A failed pass (the cache stopping, a partition) must not stop the sweeping: the next one
                        // tries.
                        LOG.debug("sweeping failed: {}", e.toString());
                    }
                    long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                    // A pass that takes long (millions of entries) runs less often, so sweeping stays a small cost.
                    scheduleSweep(sweep, Math.max(SWEEP_INTERVAL_MILLIS, tookMillis * SWEEP_COST_FACTOR));
                },
                delayMillis,
                TimeUnit.MILLISECONDS);
    }

    /** The store of that id (one of the ids given to {@link #start}). */
    public <V extends StoredValue> SessionStore<V> store(StoreId<V> id) {
        return stores.get(id);
    }

    /**
     * False while a store refuses reads and writes (this node is in a partition's minority, or stopping) or its
     * journal refuses changes (a full or failing disk). What readiness probes ask, so that a load balancer sends
     * clients to a node that can serve them.
     */
    public boolean available() {
        if (closing || journal.map(directory -> !directory.journal().healthy()).orElse(false)) {
            return false;
        }
        for (StoreId<?> id : stores.ids()) {
            if (manager.getCache(id.name()).getAdvancedCache().getAvailability() != AvailabilityMode.AVAILABLE) {
                return false;
            }
        }
        return true;
    }

    /** E.g. "cluster aspstate (node 10.0.1.5:7800, members ..., owners 2, durable /var/lib/aspstate, ...)". */
    public String describe() {
        return description;
    }

    /** The names of the nodes in the cluster now. */
    public Set<String> memberNames() {
        List<Address> members = manager.getMembers();
        if (members == null) {
            return Set.of(settings.cluster().nodeName());
        }
        return members.stream().map(Address::toString).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The nodes {@code --cluster-members} names, and this one (which may be among them), by their node names. */
    static Set<String> memberNames(ClusterSettings cluster) {
        Set<String> members = new LinkedHashSet<>();
        members.add(cluster.nodeName());
        for (InetSocketAddress member : cluster.members()) {
            members.add(member.getAddress().getHostAddress() + ":" + member.getPort());
        }
        return members;
    }

    /** True when this node keeps a journal ({@code --data-dir}). */
    public boolean durable() {
        return journal.isPresent();
    }

    /** This node's journal, with {@code --data-dir}. */
    public Optional<Journal> journal() {
        return journal.map(JournalDirectory::journal);
    }

    /**
     * Stops the whole cluster from outside: joins it briefly (holding no data), has the cluster stop moving entries
     * between nodes (so that each node stops with the copies it holds, and keeps them in its journal), asks every
     * node to stop, and leaves. Returns once every node has taken the request.
     *
     * @param cluster where to join, with this tool's own address (port 0 picks a free one)
     * @return the nodes that took the request
     */
    public static List<String> stopCluster(ClusterSettings cluster, Duration joinTimeout) {
        ConfigurationBuilderHolder holder = new ConfigurationBuilderHolder();
        ClusterSettings tool = withPort(cluster);
        InfinispanSettings settings = new InfinispanSettings(tool, Optional.empty(), joinTimeout);
        configureGlobal(holder.getGlobalConfigurationBuilder(), settings);
        // A tool that holds nothing, and needs just one node of the cluster to talk to.
        holder.getGlobalConfigurationBuilder()
                .zeroCapacityNode(true)
                .transport()
                .initialClusterSize(2);
        DefaultCacheManager manager;
        try {
            manager = new DefaultCacheManager(holder, true);
        } catch (RuntimeException e) {
            throw StartFailure.explain(e, settings);
        }
        try {
            GlobalComponentRegistry.of(manager).getLocalTopologyManager().setRebalancingEnabled(false);
            Address self = manager.getAddress();
            List<String> takers = new ArrayList<>();
            manager.executor()
                    .filterTargets(address -> !address.equals(self))
                    .submitConsumer(new ClusterStopRequest(tool.nodeName()), (address, ignored, failure) -> {
                        if (failure != null) {
                            throw new IllegalStateException(address + " refused to stop: " + failure, failure);
                        }
                        synchronized (takers) {
                            takers.add(address.toString());
                        }
                    })
                    .get(joinTimeout.toMillis(), TimeUnit.MILLISECONDS);
            return takers;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted asking the cluster to stop", e);
        } catch (Exception e) {
            throw new IllegalStateException("asking the cluster to stop failed: " + e.getMessage(), e);
        } finally {
            manager.stop();
        }
    }

    /**
     * Runs {@code action} (once, on a thread of its own) when the whole cluster is stopped ({@link #stopCluster}); at
     * once if that was asked already, between this node's join and this call.
     */
    public void whenStoppedByCluster(Runnable action) {
        boolean asked;
        synchronized (this) {
            stoppedByCluster = action;
            asked = stopAsked;
        }
        if (asked) {
            stopperThread(action).start();
        }
    }

    /**
     * A {@link ClusterStopRequest} arrived: once the tool that sent it has left (it waits for every node's answer
     * first; bounded), the node stops, as on SIGTERM.
     *
     * @return the thread that waits for that and stops the node (for tests)
     */
    Thread stoppedByCluster(String requester) {
        LOG.info("stopping, as {} asked the whole cluster to, once it has left", requester);
        Thread stopper = stopperThread(() -> {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (memberNames().contains(requester) && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            Runnable action;
            synchronized (this) {
                stopAsked = true;
                action = stoppedByCluster;
            }
            // None yet: the server is still starting, and runs it as it asks for it.
            if (action != null) {
                action.run();
            }
        });
        stopper.start();
        return stopper;
    }

    private static Thread stopperThread(Runnable stop) {
        Thread stopper = new Thread(stop, "aspstate-cluster-stopped");
        stopper.setDaemon(false);
        return stopper;
    }

    /** The cache manager, for tests that inject faults into it (drop its network, say). */
    DefaultCacheManager managerForTests() {
        return manager;
    }

    static Optional<InfinispanStores> running(EmbeddedCacheManager manager) {
        return Optional.ofNullable(RUNNING.get(GlobalComponentRegistry.of(manager)));
    }

    /** Leaves the cluster (the others take over this node's entries), then syncs and closes the journal. */
    @Override
    public void close() {
        closing = true;
        RUNNING.remove(GlobalComponentRegistry.of(manager));
        sweeping.shutdownNow();
        iteration.shutdownNow();
        try {
            manager.stop();
        } finally {
            shares.values().forEach(LocalShare::releaseAll);
            journal.ifPresent(JournalDirectory::close);
        }
    }

    private static void configureGlobal(GlobalConfigurationBuilder global, InfinispanSettings settings) {
        global.serialization().addContextInitializer(new StoreSchemaImpl());
        global.shutdown().hookBehavior(ShutdownHookBehavior.DONT_REGISTER); // the server stops it, in order
        global.cacheContainer().statistics(false);
        global.jmx().enabled(false);
        global.metrics().gauges(false).histograms(false); // the server's own metrics report the stores
        ClusterSettings cluster = settings.cluster();
        try {
            global.transport()
                    .transport(new JGroupsTransport(ClusterChannel.create(cluster)))
                    .clusterName(cluster.name())
                    .nodeName(cluster.nodeName())
                    .initialClusterSize(quorum(cluster))
                    .initialClusterTimeout(settings.quorumTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("cannot set up the cluster transport: " + e.getMessage(), e);
        }
    }

    /** The settings with a free port for 0: with static discovery, JGroups needs a port it can tell the others. */
    private static ClusterSettings withPort(ClusterSettings cluster) {
        if (cluster.port() != 0) {
            return cluster;
        }
        try (ServerSocket probe = new ServerSocket(0, 1, cluster.bindAddress())) {
            return new ClusterSettings(
                    cluster.name(),
                    cluster.bindAddress(),
                    probe.getLocalPort(),
                    cluster.members(),
                    cluster.owners(),
                    cluster.tls());
        } catch (IOException e) {
            throw new StoreStartException(
                    StoreStartException.Reason.CLUSTER_ADDRESS_NOT_LOCAL,
                    "cannot find a free port on " + cluster.bindAddress().getHostAddress() + ": " + e.getMessage(),
                    e);
        }
    }

    /** A majority of the nodes, this one included. */
    static int quorum(ClusterSettings cluster) {
        return nodeCount(cluster) / 2 + 1;
    }

    /** The distinct nodes of the cluster: the members given and this node (which may be among them). */
    public static int nodeCount(ClusterSettings cluster) {
        return memberNames(cluster).size();
    }

    private static ConfigurationBuilder storeConfiguration(InfinispanSettings settings) {
        ConfigurationBuilder builder = new ConfigurationBuilder();
        builder.encoding().mediaType(MediaType.APPLICATION_OBJECT_TYPE);
        builder.statistics().enabled(false);
        builder.clustering()
                .cacheMode(CacheMode.DIST_SYNC)
                .hash()
                .numOwners(settings.cluster().owners())
                .partitionHandling()
                .whenSplit(PartitionHandling.DENY_READ_WRITES)
                .mergePolicy(MergePolicy.NONE);
        settings.journal()
                .ifPresent(journal -> builder.persistence()
                        .passivation(false)
                        .addStore(CustomStoreConfigurationBuilder.class)
                        .customStoreClass(JournalStore.class)
                        .shared(false)
                        .preload(false)
                        .segmented(false)
                        .addProperty(
                                JournalStore.NODE_PROPERTY, settings.cluster().nodeName()));
        return builder;
    }

    /**
     * A small cache on every node (the counters board, the serving markers): every node writes only its own keys, so
     * it may keep writing during a partition; after a merge the available side's copies win and each node posts its
     * own again.
     */
    private static ConfigurationBuilder replicated() {
        ConfigurationBuilder builder = new ConfigurationBuilder();
        builder.encoding().mediaType(MediaType.APPLICATION_OBJECT_TYPE);
        builder.statistics().enabled(false);
        builder.clustering()
                .cacheMode(CacheMode.REPL_SYNC)
                .partitionHandling()
                .whenSplit(PartitionHandling.ALLOW_READ_WRITES)
                .mergePolicy(MergePolicy.PREFERRED_ALWAYS);
        return builder;
    }

    private static String describe(InfinispanSettings settings, MemoryBudget budget) {
        String memory = "max-memory " + (budget.limitBytes() == 0 ? "unlimited" : ByteSize.format(budget.limitBytes()));
        ClusterSettings cluster = settings.cluster();
        String members = cluster.members().stream()
                .map(member -> member.getAddress().getHostAddress() + ":" + member.getPort())
                .collect(Collectors.joining(","));
        return "cluster " + cluster.name() + " (node " + cluster.nodeName() + ", members " + members + ", owners "
                + cluster.owners() + ", "
                + settings.journal()
                        .map(journal -> "durable " + journal.directory() + ", fsync "
                                + journal.fsync().optionValue())
                        .orElse("memory")
                + ", " + memory + ")";
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
