package aspstate.stateserver;

import aspstate.core.RepeatedEventLog;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.SessionStore;
import aspstate.transport.ConnectionStatistics;
import aspstate.transport.HoldWhileUnwritable;
import aspstate.transport.IdleConnectionTimeout;
import aspstate.transport.InboundBudget;
import aspstate.transport.RequestDeadline;
import aspstate.transport.ServerEventLoops;
import aspstate.transport.TcpListener;
import io.netty.channel.socket.SocketChannel;
import java.net.InetSocketAddress;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The StateServer TCP listener: accepts connections, filters peers, and wires the limits (idle and request
 * timeouts, outbound back-pressure), the codec and the handler.
 */
public final class StateServerListener implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StateServerListener.class);
    private static final RepeatedEventLog REFUSED = new RepeatedEventLog(LOG);

    private final StateServerSettings settings;
    private final TcpListener listener;
    private final ConnectionStatistics statistics;

    private StateServerListener(StateServerSettings settings, TcpListener listener, ConnectionStatistics statistics) {
        this.settings = settings;
        this.listener = listener;
        this.statistics = statistics;
    }

    /**
     * Binds and starts serving. A client that shuts down its sending side still gets its answers (half-closure).
     *
     * @throws java.net.BindException (sneakily, as Netty does) when the address is taken; the caller reports it
     */
    public static StateServerListener start(
            StateServerSettings settings, SessionStore<SessionEntry> store, InboundBudget inbound)
            throws InterruptedException {
        return start(null, settings, store, inbound);
    }

    /** @param loops a server's shared event loops, or null for loops of the listener's own */
    public static StateServerListener start(
            ServerEventLoops loops,
            StateServerSettings settings,
            SessionStore<SessionEntry> store,
            InboundBudget inbound)
            throws InterruptedException {
        StateServerResponses responses = new StateServerResponses(settings.aspNetVersion(), settings.lockDateZone());
        ConnectionStatistics statistics = new ConnectionStatistics("stateserver");
        Consumer<SocketChannel> initializer = ch -> initialize(ch, settings, store, responses, inbound, statistics);
        TcpListener listener = TcpListener.start(
                loops, statistics, settings.bindAddress(), settings.port(), true, settings.connections(), initializer);
        return new StateServerListener(settings, listener, statistics);
    }

    private static void initialize(
            SocketChannel ch,
            StateServerSettings settings,
            SessionStore<SessionEntry> store,
            StateServerResponses responses,
            InboundBudget inbound,
            ConnectionStatistics statistics) {
        if (!settings.isAllowed(ch.remoteAddress().getAddress())) {
            statistics.countRefused(ConnectionStatistics.Refusal.NOT_ALLOWED);
            REFUSED.occurred(
                    "refused {} connection(s) from peers not in the allowed peers {} (see --allow; latest "
                            + "from {})",
                    settings.allowedPeers(),
                    ch.remoteAddress().getAddress().getHostAddress());
            ch.close();
            return;
        }
        if (settings.idleTimeout().toMillis() > 0) {
            ch.pipeline().addLast(new IdleConnectionTimeout(settings.idleTimeout()));
        }
        StateServerRequestDecoder decoder = new StateServerRequestDecoder(settings.maxBodyBytes(), inbound);
        ch.pipeline().addLast(new RequestDeadline(settings.connections().requestTimeout(), decoder));
        ch.pipeline().addLast(decoder);
        ch.pipeline().addLast(new HoldWhileUnwritable());
        ch.pipeline().addLast(new StateServerHandler(store, responses));
    }

    /** The address actually bound (with the real port when port 0 was asked for). */
    public InetSocketAddress address() {
        return listener.address();
    }

    /** True while it accepts connections: bound, and not closed. */
    public boolean isListening() {
        return listener.isListening();
    }

    public ConnectionStatistics statistics() {
        return statistics;
    }

    public StateServerSettings settings() {
        return settings;
    }

    /**
     * Stops accepting, lets requests already read finish and their answers go out, then closes connections.
     * Closing twice is harmless.
     */
    @Override
    public void close() {
        listener.close();
    }
}
