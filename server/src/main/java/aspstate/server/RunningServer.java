package aspstate.server;

import aspstate.core.Clock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.SessionStore;
import aspstate.stateserver.StateServerListener;
import java.net.InetSocketAddress;

/** The wired server: the memory store and the StateServer listener on it. Closing stops both, listener first. */
final class RunningServer implements AutoCloseable {
    private final SessionStore<SessionEntry> store;
    private final StateServerListener stateServer;

    private RunningServer(SessionStore<SessionEntry> store, StateServerListener stateServer) {
        this.store = store;
        this.stateServer = stateServer;
    }

    /** @throws UserError when the address cannot be listened on (taken port, foreign address) */
    static RunningServer start(ServeOptions options) {
        SessionStore<SessionEntry> store = new MemorySessionStore<>(Clock.SYSTEM, options.memoryStore());
        try {
            return new RunningServer(store, StateServerListener.start(options.stateServer(), store));
        } catch (InterruptedException e) {
            store.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting", e);
        } catch (Exception e) { // Netty rethrows bind failures (checked IOExceptions) without declaring them
            store.close();
            throw ListenFailure.explain(e, options);
        }
    }

    /** The StateServer listener's actual address (with the real port when 0 was asked for). */
    InetSocketAddress stateServerAddress() {
        return stateServer.address();
    }

    /** The one line printed to stdout once the server accepts connections. */
    String startupLine(String version) {
        return "aspstate " + version + " ready: stateserver on " + Addresses.format(stateServerAddress())
                + ", store " + store.describe();
    }

    /** Stops accepting, lets answers in flight go out, then closes the store. */
    @Override
    public void close() {
        try {
            stateServer.close();
        } finally {
            store.close();
        }
    }
}
