package aspstate.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Opens the client's TCP connections. The client's own is Netty's portable NIO transport on threads it owns; a
 * program that already runs Netty event loops (a native transport, say) passes one of its own.
 */
@FunctionalInterface
public interface Connector {

    /**
     * Connects, {@code pipeline} setting up the channel.
     *
     * @throws IOException when the server cannot be reached within {@code timeout}, naming it
     */
    Channel connect(InetSocketAddress server, Duration timeout, ChannelHandler pipeline) throws IOException;

    /** NIO connections on {@code group}, which the caller owns and shuts down. */
    static Connector nio(EventLoopGroup group) {
        return of(group, NioSocketChannel.class);
    }

    /**
     * Connections of {@code channelType} on {@code group} (which must be of the same transport), Nagle off: requests
     * are small and each waits for its answer.
     */
    static Connector of(EventLoopGroup group, Class<? extends SocketChannel> channelType) {
        return of(group, channelType, bootstrap -> {});
    }

    /** {@link #of(EventLoopGroup, Class)}, with options of the transport's own set on each bootstrap. */
    static Connector of(
            EventLoopGroup group, Class<? extends SocketChannel> channelType, Consumer<Bootstrap> transportOptions) {
        return (server, timeout, pipeline) -> {
            Bootstrap bootstrap = new Bootstrap()
                    .group(group)
                    .channel(channelType)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))
                    .handler(pipeline);
            transportOptions.accept(bootstrap);
            try {
                return bootstrap.connect(server).sync().channel();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while connecting to " + server, e);
            } catch (Exception e) {
                throw e instanceof IOException ? (IOException) e : new IOException("cannot connect to " + server, e);
            }
        };
    }

    /** NIO event loops on daemon threads named aspstate-client-N, for a client that owns its I/O. */
    static EventLoopGroup newNioGroup(int threads) {
        return new MultiThreadIoEventLoopGroup(
                threads, new DefaultThreadFactory("aspstate-client", true), NioIoHandler.newFactory());
    }
}
