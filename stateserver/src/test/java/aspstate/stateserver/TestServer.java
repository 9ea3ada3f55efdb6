package aspstate.stateserver;

import aspstate.client.StateServerConnection;
import aspstate.core.ManualClock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.SessionStore;
import aspstate.transport.InboundBudget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.ZoneOffset;
import java.util.function.UnaryOperator;

/**
 * A real StateServer listener on a free loopback port with a memory store and a hand-driven clock. LockDate is
 * expressed in UTC so that expected bytes can be written down.
 */
final class TestServer implements AutoCloseable {
    /** 2026-01-02T03:04:05Z: an arbitrary fixed start for the clock. */
    static final long START_MILLIS = 1_767_323_045_000L;

    final ManualClock clock = new ManualClock(START_MILLIS);
    final MemorySessionStore<SessionEntry> store;
    /** What the listener reaches the store through: the store itself, or what a test put in front of it. */
    final SessionStore<SessionEntry> serving;

    final StateServerListener listener;
    /** What bodies still arriving hold, all connections together; tests of that limit read it. */
    final InboundBudget inbound;

    TestServer() {
        this(settings(), 0);
    }

    TestServer(StateServerSettings settings, long maxMemoryBytes) {
        this(settings, maxMemoryBytes, 2 * settings.maxBodyBytes());
    }

    TestServer(StateServerSettings settings, long maxMemoryBytes, long maxInboundBytes) {
        this(settings, maxMemoryBytes, maxInboundBytes, UnaryOperator.identity());
    }

    /** A server whose listener reaches the memory store through {@code serving} (e.g. one that answers late). */
    TestServer(StateServerSettings settings, UnaryOperator<SessionStore<SessionEntry>> serving) {
        this(settings, 0, 2 * settings.maxBodyBytes(), serving);
    }

    private TestServer(
            StateServerSettings settings,
            long maxMemoryBytes,
            long maxInboundBytes,
            UnaryOperator<SessionStore<SessionEntry>> serving) {
        inbound = InboundBudget.unshared(maxInboundBytes);
        store = new MemorySessionStore<>(clock, new MemoryStoreSettings(maxMemoryBytes, 3_600_000, 1000));
        try {
            this.serving = serving.apply(store);
            listener = StateServerListener.start(settings, this.serving, inbound);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Defaults, but on a free port, with LockDate in UTC. */
    static StateServerSettings settings() {
        StateServerSettings defaults = StateServerSettings.defaults();
        return new StateServerSettings(
                defaults.bindAddress(),
                0,
                defaults.allowedPeers(),
                defaults.idleTimeout(),
                defaults.maxBodyBytes(),
                defaults.aspNetVersion(),
                ZoneOffset.UTC,
                defaults.connections());
    }

    InetSocketAddress address() {
        return listener.address();
    }

    int port() {
        return address().getPort();
    }

    RawConnection raw() {
        return new RawConnection(address());
    }

    StateServerConnection client() {
        try {
            return StateServerConnection.connect(address());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        listener.close();
        store.close();
    }
}
