package aspstate.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;

/** Opens the TCP connections of the project's own clients (StateServer, TDS). */
public final class ClientConnections {
    private ClientConnections() {
    }

    /**
     * Connects on {@code group}'s transport with Nagle off (requests are small and each waits for its answer),
     * {@code handler} setting up the pipeline; any failure is an IOException naming the server.
     */
    public static Channel connect(EventLoopGroup group, InetSocketAddress server, Duration timeout,
                                  ChannelHandler handler) throws IOException {
        Bootstrap bootstrap = new Bootstrap()
                .group(group)
                .channel(IoTransport.of(group).socketChannel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))
                .handler(handler);
        ReadBufferRing.useFor(group, bootstrap::option);
        try {
            return bootstrap.connect(server).sync().channel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to " + server, e);
        } catch (Exception e) {
            throw e instanceof IOException ? (IOException) e : new IOException("cannot connect to " + server, e);
        }
    }
}
