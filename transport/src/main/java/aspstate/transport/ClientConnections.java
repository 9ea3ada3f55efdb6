package aspstate.transport;

import aspstate.client.Connector;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;

/** Opens the TCP connections of the project's own clients (StateServer, TDS) on this module's transports. */
public final class ClientConnections {
    private ClientConnections() {}

    /** The client library's connections on {@code group}'s transport, reading from its ring of buffers if it has one. */
    public static Connector connector(EventLoopGroup group) {
        return Connector.of(
                group,
                IoTransport.of(group).socketChannel(),
                bootstrap -> ReadBufferRing.useFor(group, bootstrap::option));
    }

    /**
     * Connects on {@code group}'s transport with Nagle off (requests are small and each waits for its answer),
     * {@code handler} setting up the pipeline; any failure is an IOException naming the server.
     */
    public static Channel connect(
            EventLoopGroup group, InetSocketAddress server, Duration timeout, ChannelHandler handler)
            throws IOException {
        return connector(group).connect(server, timeout, handler);
    }
}
