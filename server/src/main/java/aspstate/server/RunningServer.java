package aspstate.server;

import aspstate.core.Clock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.SessionStore;
import aspstate.stateserver.StateServerListener;
import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * The wired server: the memory store and the StateServer listener on it, and (unless {@code --tds-port off}) SQL
 * Server mode with its own stores. Closing stops the listeners first, then the stores.
 */
final class RunningServer implements AutoCloseable {
    private final SessionStore<SessionEntry> store;
    private final StateServerListener stateServer;
    private final Optional<SqlServerMode> sqlServer;

    private RunningServer(SessionStore<SessionEntry> store, StateServerListener stateServer,
                          Optional<SqlServerMode> sqlServer) {
        this.store = store;
        this.stateServer = stateServer;
        this.sqlServer = sqlServer;
    }

    /** @throws UserError when an address cannot be listened on (taken port, foreign address) */
    static RunningServer start(ServeOptions options) {
        // One --max-memory for the process: every store draws on the same budget.
        MemoryBudget budget = new MemoryBudget(options.memoryStore().maxMemoryBytes());
        SessionStore<SessionEntry> store = new MemorySessionStore<>(Clock.SYSTEM, options.memoryStore(), budget);
        StateServerListener stateServer = startStateServer(options, store);
        try {
            return new RunningServer(store, stateServer,
                    options.tds().map(settings -> SqlServerMode.start(settings, options, budget)));
        } catch (RuntimeException | Error e) {
            close(stateServer, store);
            throw e;
        }
    }

    private static StateServerListener startStateServer(ServeOptions options, SessionStore<SessionEntry> store) {
        try {
            return StateServerListener.start(options.stateServer(), store);
        } catch (InterruptedException e) {
            store.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting", e);
        } catch (Exception e) { // Netty rethrows bind failures (checked IOExceptions) without declaring them
            store.close();
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
                + ", store " + store.describe();
    }

    /** Stops accepting, lets answers in flight go out, then closes the stores. */
    @Override
    public void close() {
        try {
            sqlServer.ifPresent(SqlServerMode::close);
        } finally {
            close(stateServer, store);
        }
    }

    private static void close(StateServerListener stateServer, SessionStore<SessionEntry> store) {
        try {
            stateServer.close();
        } finally {
            store.close();
        }
    }
}
