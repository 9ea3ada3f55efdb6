package aspstate.server;

import aspstate.admin.ReadinessCheck;
import aspstate.admin.ServerStatus;
import aspstate.admin.SessionStores;
import aspstate.core.Clock;
import aspstate.core.store.StoreStatistics;
import aspstate.core.stores.StoreId;
import aspstate.core.stores.StoreSet;
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

    /** The session stores, by the labels operators see. */
    SessionStores sessionStores() {
        return SessionStores.of(Clock.SYSTEM, stores.all());
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
        StoreSet all = stores.all();
        for (StoreId<?> id : all.ids()) {
            statistics.put(id.label(), all.get(id).statistics());
        }
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
