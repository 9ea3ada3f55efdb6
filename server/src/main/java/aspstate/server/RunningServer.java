package aspstate.server;

import aspstate.stateserver.StateServerListener;
import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * The wired server: the stores, the StateServer listener on its store, and (unless {@code --tds-port off}) SQL Server
 * mode on the others. Closing stops the listeners first (answers in flight still go out), then the stores.
 */
final class RunningServer implements AutoCloseable {
    private final ServerStores stores;
    private final StateServerListener stateServer;
    private final Optional<SqlServerMode> sqlServer;

    private RunningServer(ServerStores stores, StateServerListener stateServer, Optional<SqlServerMode> sqlServer) {
        this.stores = stores;
        this.stateServer = stateServer;
        this.sqlServer = sqlServer;
    }

    /** @throws UserError when an address cannot be listened on (taken port, foreign address) or a store not used */
    static RunningServer start(ServeOptions options) {
        ServerStores stores = ServerStores.start(options);
        StateServerListener stateServer;
        try {
            stateServer = startStateServer(options, stores);
        } catch (RuntimeException | Error e) {
            stores.close();
            throw e;
        }
        try {
            return new RunningServer(stores, stateServer,
                    options.tds().map(settings -> SqlServerMode.start(settings, options, stores)));
        } catch (RuntimeException | Error e) {
            close(stateServer, stores);
            throw e;
        }
    }

    private static StateServerListener startStateServer(ServeOptions options, ServerStores stores) {
        try {
            return StateServerListener.start(options.stateServer(), stores.get(ServerStores.STATESERVER),
                    stores.inbound());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting", e);
        } catch (Exception e) { // Netty rethrows bind failures (checked IOExceptions) without declaring them
            throw ListenFailure.explain(e, options.stateServer().bindAddress(), options.stateServer().port(),
                    options.where(ServeCommand.STATESERVER_PORT), options.where(ServeCommand.BIND));
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

    /** The one line printed to stdout once the server accepts connections; bench/compare.sh parses it. */
    String startupLine(String version) {
        return "aspstate " + version + " ready: stateserver on " + Addresses.format(stateServerAddress())
                + tdsAddress().map(address -> ", tds on " + Addresses.format(address)).orElse("")
                + ", store " + stores.describe();
    }

    /** Runs {@code action} if the whole cluster is stopped ({@code aspstate cluster-stop}). */
    void whenStoppedByCluster(Runnable action) {
        stores.whenStoppedByCluster(action);
    }

    /** Stops accepting, lets answers in flight go out, then closes the stores. */
    @Override
    public void close() {
        try {
            sqlServer.ifPresent(SqlServerMode::close);
        } finally {
            close(stateServer, stores);
        }
    }

    private static void close(StateServerListener stateServer, ServerStores stores) {
        try {
            stateServer.close();
        } finally {
            stores.close();
        }
    }
}
