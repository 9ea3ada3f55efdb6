package aspstate.server;

import aspstate.admin.AdminApi;
import aspstate.admin.AdminListener;
import aspstate.admin.AdminSettings;
import aspstate.admin.ServerMetrics;
import aspstate.core.stores.StoreId;
import aspstate.stateserver.StateServerListener;
import aspstate.transport.IoTransport;
import aspstate.transport.ServerEventLoops;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The wired server: the stores, the StateServer listener on its store, (unless {@code --tds-port off}) SQL Server
 * mode on the others, and (unless {@code --admin-port off}) the admin listener with the metrics the stores report
 * to, all listeners on one set of event loops. Closing stops the listeners first (answers in flight still go out),
 * then the stores.
 */
final class RunningServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RunningServer.class);

    private final ServerStores stores;
    private final StateServerListener stateServer;
    private final Optional<SqlServerMode> sqlServer;
    private final Optional<AdminListener> admin;
    private final Optional<ServerMetrics> metrics;
    /** The event loops every listener runs on. */
    private final ServerEventLoops loops;

    private RunningServer(
            ServerStores stores,
            ServerEventLoops loops,
            StateServerListener stateServer,
            Optional<SqlServerMode> sqlServer,
            Optional<AdminListener> admin,
            Optional<ServerMetrics> metrics) {
        this.stores = stores;
        this.loops = loops;
        this.stateServer = stateServer;
        this.sqlServer = sqlServer;
        this.admin = admin;
        this.metrics = metrics;
    }

    /** @throws UserError when an address cannot be listened on (taken port, foreign address) or a store not used */
    static RunningServer start(ServeOptions options) {
        Optional<ServerMetrics> metrics = options.admin().map(settings -> new ServerMetrics());
        List<AutoCloseable> started = new ArrayList<>();
        metrics.ifPresent(started::add);
        try {
            ServerStores stores = ServerStores.start(options, metrics);
            started.add(0, stores);
            ServerEventLoops loops = ServerEventLoops.perCpu(options.transport());
            started.add(0, loops);
            if (loops.transport() != IoTransport.IO_URING) {
                IoTransport.IO_URING
                        .unavailability()
                        .ifPresent(reason -> LOG.info(
                                "io_uring cannot be used here ({}); serving on {}", reason, loops.transport()));
            }
            StateServerListener stateServer = startStateServer(loops, options, stores);
            started.add(0, stateServer);
            Optional<SqlServerMode> sqlServer =
                    options.tds().map(settings -> SqlServerMode.start(loops, settings, options, stores));
            sqlServer.ifPresent(mode -> started.add(0, mode));
            ServerState state = new ServerState(stores, stateServer, sqlServer);
            Optional<AdminListener> admin = options.admin()
                    .map(settings -> startAdmin(
                            loops,
                            options,
                            settings,
                            new AdminApi(state, state.sessionStores(), metrics.orElseThrow(), settings)));
            return new RunningServer(stores, loops, stateServer, sqlServer, admin, metrics);
        } catch (RuntimeException | Error e) {
            CloseAll.inOrder(started);
            throw e;
        }
    }

    private static StateServerListener startStateServer(
            ServerEventLoops loops, ServeOptions options, ServerStores stores) {
        try {
            return StateServerListener.start(
                    loops, options.stateServer(), stores.store(StoreId.STATESERVER), stores.inbound());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting", e);
        } catch (Exception e) { // Netty rethrows bind failures (checked IOExceptions) without declaring them
            throw ListenFailure.explain(
                    e,
                    options.stateServer().bindAddress(),
                    options.stateServer().port(),
                    options.where(ServerOptions.STATESERVER_PORT),
                    options.where(ServerOptions.BIND));
        }
    }

    private static AdminListener startAdmin(
            ServerEventLoops loops, ServeOptions options, AdminSettings settings, AdminApi api) {
        try {
            return AdminListener.start(loops, settings, api);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting", e);
        } catch (Exception e) { // as above
            throw ListenFailure.explain(
                    e,
                    settings.bindAddress(),
                    settings.port(),
                    options.where(ServerOptions.ADMIN_PORT),
                    options.where(ServerOptions.ADMIN_BIND));
        }
    }

    /** The StateServer listener's actual address (with the real port when 0 was asked for). */
    InetSocketAddress stateServerAddress() {
        return stateServer.address();
    }

    /** The TDS listener's actual address, or empty when it is off. */
    Optional<InetSocketAddress> tdsAddress() {
        return sqlServer.map(SqlServerMode::address);
    }

    /** The admin listener's actual address, or empty when it is off. */
    Optional<InetSocketAddress> adminAddress() {
        return admin.map(AdminListener::address);
    }

    /**
     * The one line printed to stdout once the server accepts connections; bench/compare.sh parses it. Addresses are
     * the ones asked for (0.0.0.0 stays 0.0.0.0, where the socket reports the dual-stack [::]) with the ports bound;
     * it ends with the transport and how many I/O loops serve the connections.
     */
    String startupLine(String version) {
        return "aspstate " + version + " ready: stateserver on "
                + Addresses.format(
                        stateServer.settings().bindAddress(),
                        stateServerAddress().getPort())
                + sqlServer
                        .map(mode -> ", tds on "
                                + Addresses.format(
                                        mode.settings().bindAddress(),
                                        mode.address().getPort()) + " (" + mode.describeAccess() + ")")
                        .orElse("")
                + admin.map(listener -> ", admin on http://"
                                + Addresses.format(
                                        listener.settings().bindAddress(),
                                        listener.address().getPort()) + "/"
                                + (listener.settings().token().isPresent() ? " (token)" : ""))
                        .orElse("")
                + ", store " + stores.describe() + ", " + loops;
    }

    /** What stopping does to the sessions, for the last log line: dropped, kept on disk, or kept by the cluster. */
    String sessionsAtStop() {
        return stores.whatStoppingLeaves();
    }

    /** Runs {@code action} if the whole cluster is stopped ({@code aspstate cluster-stop}). */
    void whenStoppedByCluster(Runnable action) {
        stores.whenStoppedByCluster(action);
    }

    /** Stops accepting, lets answers in flight go out, then closes the stores (the admin listener goes first). */
    @Override
    public void close() {
        List<AutoCloseable> parts = new ArrayList<>();
        admin.ifPresent(parts::add);
        sqlServer.ifPresent(parts::add);
        parts.add(stateServer);
        // The listeners have stopped accepting: the loops let the answers in flight go out, then end the connections.
        parts.add(loops);
        parts.add(stores);
        metrics.ifPresent(parts::add);
        CloseAll.inOrder(parts);
    }
}
