package aspstate.stateserver.testing;

import aspstate.core.Clock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.stateserver.StateServerListener;
import aspstate.stateserver.StateServerSettings;
import aspstate.transport.InboundBudget;
import java.net.InetSocketAddress;

/**
 * A real StateServer listener with a memory store on a free loopback port, for the tests of other modules (the
 * Spring Session and servlet integrations) that need a running aspstate.
 */
public final class LoopbackStateServer implements AutoCloseable {
    private final MemorySessionStore<SessionEntry> store;
    private final StateServerListener listener;

    public LoopbackStateServer() {
        StateServerSettings defaults = StateServerSettings.defaults();
        StateServerSettings settings = new StateServerSettings(
                defaults.bindAddress(),
                0,
                defaults.allowedPeers(),
                defaults.idleTimeout(),
                defaults.maxBodyBytes(),
                defaults.aspNetVersion(),
                defaults.lockDateZone(),
                defaults.connections());
        store = new MemorySessionStore<>(Clock.SYSTEM, new MemoryStoreSettings(0, 3_600_000, 1000));
        try {
            listener = StateServerListener.start(settings, store, InboundBudget.unshared(2 * settings.maxBodyBytes()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            store.close();
            throw new IllegalStateException("interrupted while starting the listener", e);
        }
    }

    public InetSocketAddress address() {
        return listener.address();
    }

    /** {@code host:port}, as the clients' settings take it. */
    public String hostAndPort() {
        return address().getHostString() + ":" + address().getPort();
    }

    @Override
    public void close() {
        listener.close();
        store.close();
    }
}
