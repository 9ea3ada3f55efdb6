package aspstate.transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A TCP listener on its own event loops: one acceptor thread, one I/O loop per CPU, Nagle off. It holds every
 * connection to the {@link ConnectionLimits} (how many, per peer, how much unsent); each protocol module gives it the
 * pipeline to build for a connection it admits.
 */
public final class TcpListener implements AutoCloseable {
    private final EventLoopGroup acceptor;
    private final EventLoopGroup workers;
    private final Channel serverChannel;
    private final AtomicBoolean closed = new AtomicBoolean();

    private TcpListener(EventLoopGroup acceptor, EventLoopGroup workers, Channel serverChannel) {
        this.acceptor = acceptor;
        this.workers = workers;
        this.serverChannel = serverChannel;
    }

    /**
     * Binds and starts serving.
     *
     * @param statistics  where the listener counts its open and refused connections; its protocol names the
     *                    listener in log lines (stateserver, tds, admin)
     * @param halfClosure keep a connection open after the peer shuts down its sending side, so that answers to
     *                    requests already received still go out; the pipeline must then close the channel on
     *                    {@code ChannelInputShutdownEvent} itself
     * @param initializer builds the pipeline of each accepted connection (it may close the channel to refuse it)
     * @throws java.net.BindException (sneakily, as Netty does) when the address is taken; the caller reports it
     */
    public static TcpListener start(ConnectionStatistics statistics, InetAddress bindAddress, int port,
                                    boolean halfClosure, ConnectionLimits limits,
                                    Consumer<SocketChannel> initializer)
            throws InterruptedException {
        OpenConnections connections = new OpenConnections(limits, statistics);
        EventLoopGroup acceptor = EventLoops.newGroup(1);
        EventLoopGroup workers = EventLoops.newGroupPerCpu();
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(acceptor, workers)
                .channel(EventLoops.serverSocketChannel(workers))
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOW_HALF_CLOSURE, halfClosure)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK,
                        new WriteBufferWaterMark(limits.maxUnsentBytes() / 2, limits.maxUnsentBytes()))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (!connections.admit(ch)) {
                            ch.close();
                            return;
                        }
                        initializer.accept(ch);
                    }
                });
        try {
            return new TcpListener(acceptor, workers, bootstrap.bind(bindAddress, port).sync().channel());
        } catch (Exception e) {
            acceptor.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            workers.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /** The address actually bound (with the real port when port 0 was asked for). */
    public InetSocketAddress address() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    /**
     * Stops accepting, lets requests already read finish and their answers go out, then closes connections.
     * Closing twice is harmless.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        serverChannel.close().syncUninterruptibly();
        acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownGracefully(100, 5_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }
}
