package aspstate.admin;

import aspstate.core.store.StoreObserver;
import aspstate.core.stores.StoreId;
import aspstate.store.journal.JournalStatistics;
import aspstate.transport.ConnectionStatistics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * The server's Prometheus metrics (docs/operations.md lists them). Request meters are fed by the stores as they
 * work ({@link #observe}); everything else is read from the server when scraped, so it costs the requests nothing.
 */
public final class ServerMetrics implements AutoCloseable {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final RequestHistograms histograms = new RequestHistograms(registry.getPrometheusRegistry());
    private final List<StoreMeters> stores = new CopyOnWriteArrayList<>();
    /** What meters read that nothing else holds. */
    private final List<Object> watched = new CopyOnWriteArrayList<>();

    public ServerMetrics() {
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
    }

    /** The observer a store reports its requests and locks to, labelled with its label and protocol. */
    public StoreObserver observe(StoreId<?> store) {
        StoreMeters meters = new StoreMeters(registry, histograms, store.protocol(), store.label());
        stores.add(meters);
        return meters;
    }

    /** The journal's work and state ({@code --data-dir}), read at each scrape. */
    public void watchJournal(Supplier<JournalStatistics> journal) {
        // Held here: a meter references what it reads only weakly, and nothing else holds this supplier.
        watched.add(journal);
        Gauge.builder("aspstate.journal.writing", journal, j -> j.get().writing() ? 1 : 0)
                .description("1 while the journal takes changes, 0 while its disk is full or failing and changes are "
                        + "refused")
                .register(registry);
        FunctionCounter.builder(
                        "aspstate.journal.failures", journal, j -> j.get().failures())
                .description("Writes and syncs of the journal that failed (each retried)")
                .register(registry);
        FunctionCounter.builder(
                        "aspstate.journal.batches", journal, j -> j.get().batches())
                .description("Batches of records written, each with one system call")
                .register(registry);
        FunctionCounter.builder("aspstate.journal.syncs", journal, j -> j.get().syncs())
                .description("Syncs of the journal to disk")
                .register(registry);
        FunctionCounter.builder(
                        "aspstate.journal.rewrites", journal, j -> j.get().rewrites())
                .description("Rewrites of the journal into a new base")
                .register(registry);
        Gauge.builder(
                        "aspstate.journal.size",
                        journal,
                        j -> j.get().baseBytes() + j.get().bytesSinceBase())
                .baseUnit("bytes")
                .description("Bytes of the journal's base and of the segments since")
                .register(registry);
    }

    /** Reads the session counters, the locks and the memory and connections from the server at each scrape. */
    void watch(SessionStores stores, ServerStatus server) {
        for (SessionStores.Named<?> named : stores.all()) {
            watchSessions(named);
        }
        Gauge.builder("aspstate.memory.used", server, ServerStatus::usedMemoryBytes)
                .baseUnit("bytes")
                .description("Bytes counted against max-memory: every store's and requests still arriving")
                .register(registry);
        Gauge.builder("aspstate.max.memory", server, ServerStatus::maxMemoryBytes)
                .baseUnit("bytes")
                .description("The max-memory setting (0: unlimited)")
                .register(registry);
        for (ConnectionStatistics connections : server.connections()) {
            watchConnections(connections);
        }
        Gauge.builder(
                        "aspstate.cluster.members",
                        server,
                        status -> status.clusterMembers().size())
                .description("Members of the cluster this node sees (0 when not clustered)")
                .register(registry);
    }

    private void watchSessions(SessionStores.Named<?> named) {
        String store = named.name();
        var sessions = named.store();
        Gauge.builder("aspstate.sessions.active", sessions, s -> s.statistics().active())
                .description("Sessions stored")
                .tags("store", store)
                .register(registry);
        // Named after the Windows counter (Sessions Total): Prometheus's client drops a "_created" suffix, which
        // OpenMetrics reserves for creation times, so aspstate_sessions_created_total cannot be exported.
        FunctionCounter.builder(
                        "aspstate.sessions", sessions, s -> s.statistics().created())
                .description("Sessions ever created")
                .tags("store", store)
                .register(registry);
        FunctionCounter.builder(
                        "aspstate.sessions.expired",
                        sessions,
                        s -> s.statistics().expired())
                .description("Sessions removed because they timed out")
                .tags("store", store)
                .register(registry);
        FunctionCounter.builder(
                        "aspstate.sessions.removed",
                        sessions,
                        s -> s.statistics().removed())
                .description("Sessions removed by a client (abandoned)")
                .tags("store", store)
                .register(registry);
        Gauge.builder("aspstate.stored", sessions, s -> s.statistics().storedBytes())
                .baseUnit("bytes")
                .description("Bytes the store counts against max-memory: keys, values and overhead")
                .tags("store", store)
                .register(registry);
        Gauge.builder(
                        "aspstate.sessions.locked",
                        named.locks(),
                        locks -> locks.count().locked())
                .description("Sessions locked now")
                .tags("store", store)
                .register(registry);
        Gauge.builder("aspstate.lock.age", named.locks(), locks -> locks.count().oldestLockSeconds())
                .baseUnit("seconds")
                .description("Age of the oldest lock held now (0 when none is)")
                .tags("store", store)
                .register(registry);
    }

    void watchConnections(ConnectionStatistics connections) {
        String protocol = connections.protocol();
        Gauge.builder("aspstate.connections.open", connections, ConnectionStatistics::open)
                .description("Connections open")
                .tags("protocol", protocol)
                .register(registry);
        for (ConnectionStatistics.Refusal refusal : ConnectionStatistics.Refusal.values()) {
            FunctionCounter.builder("aspstate.connections.refused", connections, c -> c.refused(refusal))
                    .description("Connections closed by the listener's limits: as they were accepted, or to make room "
                            + "for a new one (shed_below_min_request_rate)")
                    .tags("protocol", protocol, "reason", refusal.label())
                    .register(registry);
        }
    }

    /** Requests answered by every store since the start, and the time they took: the dashboard's rate and mean. */
    record RequestTotals(long count, double seconds) {}

    RequestTotals requestTotals() {
        long count = 0;
        long nanos = 0;
        for (StoreMeters meters : stores) {
            count += meters.requests();
            nanos += meters.requestNanos();
        }
        return new RequestTotals(count, nanos / 1e9);
    }

    /** The Prometheus text exposition of every metric. */
    String scrape() {
        return registry.scrape();
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
