package aspstate.admin;

import aspstate.transport.ConnectionStatistics;
import aspstate.transport.HoldWhileUnwritable;
import aspstate.transport.IdleConnectionTimeout;
import aspstate.transport.RequestDeadline;
import aspstate.transport.ServerEventLoops;
import aspstate.transport.TcpListener;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseEncoder;
import java.net.InetSocketAddress;
import java.util.function.Consumer;

/**
 * The operators' HTTP listener (metrics, health, the API and the dashboard): Netty's HTTP codec on the same
 * listener plumbing and limits as the protocols (caps that shed the stalled, a request deadline, an idle timeout,
 * back-pressure on answers a client does not read), with caps of its own. It owns the {@link AdminApi} it serves
 * from the start, and closes it.
 */
public final class AdminListener implements AutoCloseable {
    private final TcpListener listener;
    private final AdminSettings settings;
    private final AdminApi api;
    private final ConnectionStatistics statistics;

    private AdminListener(TcpListener listener, AdminSettings settings, AdminApi api, ConnectionStatistics statistics) {
        this.listener = listener;
        this.settings = settings;
        this.api = api;
        this.statistics = statistics;
    }

    /** @throws java.net.BindException (sneakily, as Netty does) when the address is taken; the caller reports it */
    public static AdminListener start(AdminSettings settings, AdminApi api) throws InterruptedException {
        return start(null, settings, api);
    }

    /** @param loops a server's shared event loops, or null for loops of the listener's own */
    public static AdminListener start(ServerEventLoops loops, AdminSettings settings, AdminApi api)
            throws InterruptedException {
        ConnectionStatistics statistics = new ConnectionStatistics("admin");
        Consumer<SocketChannel> initializer = ch -> {
            if (!settings.idleTimeout().isZero()) {
                ch.pipeline().addLast(new IdleConnectionTimeout(settings.idleTimeout()));
            }
            AdminRequestDecoder decoder = new AdminRequestDecoder();
            ch.pipeline().addLast(new RequestDeadline(settings.connections().requestTimeout(), decoder));
            ch.pipeline().addLast(decoder);
            ch.pipeline().addLast(new HttpResponseEncoder());
            ch.pipeline().addLast(new HttpObjectAggregator(AdminSettings.MAX_REQUEST_BYTES));
            ch.pipeline().addLast(new HoldWhileUnwritable());
            ch.pipeline().addLast(new AdminHttpHandler(api));
        };
        try {
            TcpListener listener = TcpListener.start(
                    loops,
                    statistics,
                    settings.bindAddress(),
                    settings.port(),
                    false,
                    settings.connections(),
                    AdminSettings.RECEIVE_BUFFER_BYTES,
                    initializer);
            api.listening(statistics);
            return new AdminListener(listener, settings, api, statistics);
        } catch (Exception e) { // a bind failure too, which Netty throws without declaring it
            api.close();
            throw e;
        }
    }

    public AdminSettings settings() {
        return settings;
    }

    public InetSocketAddress address() {
        return listener.address();
    }

    /** Its connections: how many are open, how many its limits closed. */
    public ConnectionStatistics statistics() {
        return statistics;
    }

    /** Stops accepting, then stops the API's workers. */
    @Override
    public void close() {
        try {
            listener.close();
        } finally {
            api.close();
        }
    }
}
