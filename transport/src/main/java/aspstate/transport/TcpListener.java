package aspstate.transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A TCP listener, Nagle off, on a server's shared {@link ServerEventLoops} or on loops of its own. It holds every
 * connection to the {@link ConnectionLimits} (how many, per peer, which to shed, how much unsent); each protocol
 * module gives it the pipeline to build for a connection it admits, with a {@link RequestDeadline} before its
 * decoder so that the connection's progress is known.
 */
public final class TcpListener implements AutoCloseable {
    /** How long {@link #close()} lets its connections' answers go out before it closes them anyway. */
    private static final Duration FLUSH_WAIT = Duration.ofSeconds(1);
    /** How long {@link #close()} then waits for them to close before it goes on. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

    /** Its own loops, closed with it; null on a server's shared loops, which their owner closes. */
    private final ServerEventLoops ownLoops;

    private final Channel serverChannel;
    private final OpenConnections connections;
    private final AtomicBoolean closed = new AtomicBoolean();

    private TcpListener(ServerEventLoops ownLoops, Channel serverChannel, OpenConnections connections) {
        this.ownLoops = ownLoops;
        this.serverChannel = serverChannel;
        this.connections = connections;
    }

    /**
     * Binds and starts serving.
     *
     * @param loops       a server's shared loops (closing the listener then stops accepting, and closing the loops
     *                    ends its connections), or null for loops of its own (one acceptor thread, one I/O loop per
     *                    CPU, on the best transport), closed with the listener
     * @param statistics  where the listener counts its open and refused connections; its protocol names the
     *                    listener in log lines (stateserver, tds, admin)
     * @param halfClosure keep a connection open after the peer shuts down its sending side, so that answers to
     *                    requests already received still go out; the pipeline must then close the channel on
     *                    {@code ChannelInputShutdownEvent} itself
     * @param initializer builds the pipeline of each accepted connection (it may close the channel to refuse it)
     * @throws java.net.BindException (sneakily, as Netty does) when the address is taken; the caller reports it
     */
    public static TcpListener start(
            ServerEventLoops loops,
            ConnectionStatistics statistics,
            InetAddress bindAddress,
            int port,
            boolean halfClosure,
            ConnectionLimits limits,
            Consumer<SocketChannel> initializer)
            throws InterruptedException {
        return start(loops, statistics, bindAddress, port, halfClosure, limits, 0, initializer);
    }

    /**
     * As above, with each connection's kernel receive buffer held to {@code receiveBufferBytes} (0: the kernel's
     * own, which grows to megabytes). For a listener of small requests: what a client sent while its reading was
     * paused is still read once it goes (a reset does not discard it), and a small buffer keeps that small.
     */
    public static TcpListener start(
            ServerEventLoops loops,
            ConnectionStatistics statistics,
            InetAddress bindAddress,
            int port,
            boolean halfClosure,
            ConnectionLimits limits,
            int receiveBufferBytes,
            Consumer<SocketChannel> initializer)
            throws InterruptedException {
        boolean ownsLoops = loops == null;
        return start(
                ownsLoops ? ServerEventLoops.perCpu(IoTransport.best()) : loops,
                ownsLoops,
                statistics,
                bindAddress,
                port,
                halfClosure,
                limits,
                receiveBufferBytes,
                initializer);
    }

    private static TcpListener start(
            ServerEventLoops loops,
            boolean ownsLoops,
            ConnectionStatistics statistics,
            InetAddress bindAddress,
            int port,
            boolean halfClosure,
            ConnectionLimits limits,
            int receiveBufferBytes,
            Consumer<SocketChannel> initializer)
            throws InterruptedException {
        OpenConnections connections = new OpenConnections(limits, statistics);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(loops.acceptor(), loops.workers())
                .channel(loops.transport().serverSocketChannel())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .handler(new AcceptFailures(statistics.protocol()))
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOW_HALF_CLOSURE, halfClosure)
                .childOption(
                        ChannelOption.WRITE_BUFFER_WATER_MARK,
                        new WriteBufferWaterMark(limits.maxUnsentBytes() / 2, limits.maxUnsentBytes()))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (!connections.admit(ch)) {
                            ch.close();
                            return;
                        }
                        ch.pipeline().addLast(new PausedReadLimit(statistics.protocol()));
                        initializer.accept(ch);
                    }
                });
        ReadBufferRing.useFor(loops.workers(), bootstrap::childOption);
        if (receiveBufferBytes > 0) {
            // On the listening socket, so that accepted ones start with it and their window is scaled for it.
            bootstrap.option(ChannelOption.SO_RCVBUF, receiveBufferBytes);
        }
        try {
            return new TcpListener(
                    ownsLoops ? loops : null,
                    bootstrap.bind(bindAddress, port).sync().channel(),
                    connections);
        } catch (Exception e) {
            if (ownsLoops) {
                loops.closeNow();
            }
            throw e;
        }
    }

    /** True while the listener accepts connections: bound, and not closed. */
    public boolean isListening() {
        return serverChannel.isActive();
    }

    /** The address actually bound (with the real port when port 0 was asked for). */
    public InetSocketAddress address() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    /**
     * Stops accepting, then closes its connections, each once the answers already written to it have gone out, and
     * waits (a few seconds at most) until they have closed; then closes loops of its own. Closing twice is harmless.
     *
     * <p>The connections are closed here, while their loops still run, rather than left to the loops' shutdown: an
     * io_uring loop that closes a connection as it shuts down can stop before the kernel is asked to close the
     * socket, which then stays open, unread, and its client waits for answers that never come.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        serverChannel.close().syncUninterruptibly();
        List<Channel> closing = connections.closeAll();
        awaitClosed(closing, FLUSH_WAIT);
        // A client that does not read its answers would hold the stop for as long as it likes: closed now.
        for (Channel channel : closing) {
            channel.close();
        }
        awaitClosed(closing, CLOSE_WAIT);
        if (ownLoops != null) {
            ownLoops.close();
        }
    }

    private static void awaitClosed(List<Channel> channels, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        for (Channel channel : channels) {
            channel.closeFuture().awaitUninterruptibly(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }
}
