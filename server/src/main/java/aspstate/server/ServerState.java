package aspstate.server;

import aspstate.admin.ReadinessCheck;
import aspstate.admin.ServerStatus;
import aspstate.admin.SessionStores;
import aspstate.core.Clock;
import aspstate.core.inspect.CoreSessionBlob;
import aspstate.core.inspect.SessionBlob;
import aspstate.core.store.SessionStore;
import aspstate.core.store.SessionValue;
import aspstate.core.store.StoreStatistics;
import aspstate.stateserver.StateServerListener;
import aspstate.transport.ConnectionStatistics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The running server as the admin listener sees it. It is made once the protocol listeners are bound and the stores
 * started (a node joins its cluster's majority before that).
 */
final class ServerState implements ServerStatus {
    private final ServerStores stores;
    private final StateServerListener stateServer;
    private final Optional<SqlServerMode> sqlServer;
    private final List<ConnectionStatistics> connections = new ArrayList<>();

    ServerState(ServerStores stores, StateServerListener stateServer, Optional<SqlServerMode> sqlServer) {
        this.stores = stores;
        this.stateServer = stateServer;
        this.sqlServer = sqlServer;
        connections.add(stateServer.statistics());
        sqlServer.ifPresent(mode -> connections.add(mode.connections()));
    }

    /** The session stores by the names operators see. */
    @SuppressWarnings("unchecked")
    SessionStores sessionStores() {
        SessionStores sessions = new SessionStores(Clock.SYSTEM);
        stores.all().forEach((name, store) -> {
            String label = ServerStores.SESSION_STORE_NAMES.get(name);
            if (label == null) {
                return; // the application ids are not sessions
            }
            SessionStore<? extends SessionValue<?>> sessionStore = (SessionStore<? extends SessionValue<?>>) store;
            // ASP.NET Core's session middleware stores its own format in the cache.
            sessions.add(
                    label,
                    ServerStores.protocolOf(name),
                    sessionStore,
                    ServerStores.keyRuleOf(name),
                    name.equals(ServerStores.CORE_CACHE_ENTRIES) ? CoreSessionBlob::decode : SessionBlob::decode);
        });
        return sessions;
    }

    @Override
    public String version() {
        return Version.current();
    }

    @Override
    public String storeDescription() {
        return stores.describe();
    }

    /**
     * What {@code /health/ready} checks, in its order. To add a check, add a {@link ReadinessCheck} here: a name (as
     * the answer reports it) and a supplier of its result, passed or failed with a reason. A supplier may block,
     * within a bound of its own (the readiness thread waits for it, and answers not ready after
     * {@code Readiness.TIMEOUT_SECONDS} in all).
     */
    @Override
    public List<ReadinessCheck> readinessChecks() {
        return List.of(
                new ReadinessCheck("listeners", this::listening),
                new ReadinessCheck("store", () -> StoreProbe.probe(stores.all())),
                new ReadinessCheck(
                        "cluster",
                        () -> stores.available()
                                ? ReadinessCheck.Result.passed()
                                : ReadinessCheck.Result.failed(
                                        "the stores refuse to serve: this node is in a partition's "
                                                + "minority, or its journal cannot write")));
    }

    private ReadinessCheck.Result listening() {
        if (!stateServer.isListening()) {
            return ReadinessCheck.Result.failed("the StateServer listener is not listening");
        }
        if (sqlServer.isPresent() && !sqlServer.get().isListening()) {
            return ReadinessCheck.Result.failed("the TDS listener is not listening");
        }
        return ReadinessCheck.Result.passed();
    }

    @Override
    public Map<String, StoreStatistics> storeStatistics() {
        Map<String, StoreStatistics> statistics = new LinkedHashMap<>();
        stores.all()
                .forEach((name, store) ->
                        statistics.put(ServerStores.SESSION_STORE_NAMES.getOrDefault(name, name), store.statistics()));
        return statistics;
    }

    @Override
    public long maxMemoryBytes() {
        return stores.budget().limitBytes();
    }

    @Override
    public long usedMemoryBytes() {
        return stores.budget().usedBytes();
    }

    @Override
    public List<ConnectionStatistics> connections() {
        return List.copyOf(connections);
    }

    @Override
    public List<String> clusterMembers() {
        return stores.clusterMembers();
    }
}
