package aspstate.admin;

import aspstate.transport.ConnectionStatistics;
import aspstate.transport.ServerEventLoops;
import aspstate.transport.TcpListener;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.util.function.Consumer;

/**
 * The operators' HTTP listener (metrics, health, the API and the dashboard), with Netty's HTTP codec on the same
 * listener plumbing as the protocols, held to small limits of its own.
 */
public final class AdminListener implements AutoCloseable {
    private final TcpListener listener;
    private final AdminSettings settings;

    private AdminListener(TcpListener listener, AdminSettings settings) {
        this.listener = listener;
        this.settings = settings;
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
                    // A connection that sends nothing for this long is closed, in the middle of a request or not.
                    ch.pipeline().addLast(new IdleStateHandler(AdminSettings.IDLE_SECONDS, 0, 0));
                    ch.pipeline().addLast(new HttpServerCodec());
                    ch.pipeline().addLast(new HttpObjectAggregator(AdminSettings.MAX_REQUEST_BYTES));
                    ch.pipeline().addLast(new AdminHttpHandler(api));
                };
        TcpListener listener = TcpListener.start(loops, statistics, settings.bindAddress(), settings.port(), false,
                AdminSettings.CONNECTIONS, initializer);
        return new AdminListener(listener, settings);
    }

    public AdminSettings settings() {
        return settings;
    }

    public InetSocketAddress address() {
        return listener.address();
    }

    @Override
    public void close() {
        listener.close();
    }
}
