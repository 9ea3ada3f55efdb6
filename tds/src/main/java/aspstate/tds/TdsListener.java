package aspstate.tds;

import aspstate.tds.packet.TdsPacketDecoder;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.statement.StatementCatalog;
import aspstate.transport.ConnectionStatistics;
import aspstate.transport.HoldWhileUnwritable;
import aspstate.transport.InboundBudget;
import aspstate.transport.RequestDeadline;
import aspstate.transport.ServerEventLoops;
import aspstate.transport.TcpListener;
import io.netty.channel.socket.SocketChannel;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The TDS TCP listener: accepts SQL Server clients and wires the limits (request timeout, outbound back-pressure),
 * the packet decoder and the connection handler.
 */
public final class TdsListener implements AutoCloseable {
    /** SQL Server numbers user sessions from 51; lower SPIDs are its system sessions. */
    private static final int FIRST_USER_SPID = 51;

    private static final int LAST_SPID = 32767;

    private final TdsSettings settings;
    private final TcpListener listener;
    private final ConnectionStatistics statistics;

    private TdsListener(TdsSettings settings, TcpListener listener, ConnectionStatistics statistics) {
        this.settings = settings;
        this.listener = listener;
        this.statistics = statistics;
    }

    /**
     * Binds and starts serving the procedures of {@code catalog} to the clients {@code authenticator} lets in.
     * TDS has no use for half-closed connections: a client that stops sending is gone.
     *
     * @throws java.net.BindException (sneakily, as Netty does) when the address is taken; the caller reports it
     */
    public static TdsListener start(
            TdsSettings settings, ProcedureCatalog catalog, LoginAuthenticator authenticator, InboundBudget inbound)
            throws InterruptedException {
        return start(null, settings, catalog, StatementCatalog.NONE, authenticator, inbound);
    }

    /**
     * @param loops      a server's shared event loops, or null for loops of the listener's own
     * @param statements the statements served besides the procedures, recognized by their shape
     */
    public static TdsListener start(
            ServerEventLoops loops,
            TdsSettings settings,
            ProcedureCatalog catalog,
            StatementCatalog statements,
            LoginAuthenticator authenticator,
            InboundBudget inbound)
            throws InterruptedException {
        AtomicInteger connections = new AtomicInteger();
        ConnectionStatistics statistics = new ConnectionStatistics("tds");
        Consumer<SocketChannel> initializer = ch -> {
            int spid = FIRST_USER_SPID + Math.floorMod(connections.getAndIncrement(), LAST_SPID - FIRST_USER_SPID + 1);
            TdsPacketDecoder decoder =
                    new TdsPacketDecoder(settings.maxMessageBytes(), settings.maxPacketsPerMessage(), inbound);
            ch.pipeline().addLast(new RequestDeadline(settings.connections().requestTimeout(), decoder));
            ch.pipeline().addLast(decoder);
            ch.pipeline().addLast(new HoldWhileUnwritable());
            ch.pipeline().addLast(new TdsConnectionHandler(settings, catalog, statements, authenticator, spid));
        };
        TcpListener listener = TcpListener.start(
                loops, statistics, settings.bindAddress(), settings.port(), false, settings.connections(), initializer);
        return new TdsListener(settings, listener, statistics);
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

    public TdsSettings settings() {
        return settings;
    }

    /** Stops accepting, lets answers already made go out, then closes connections. Closing twice is harmless. */
    @Override
    public void close() {
        listener.close();
    }
}
