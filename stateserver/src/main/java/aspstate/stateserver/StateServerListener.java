package aspstate.stateserver;

import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.SessionStore;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The StateServer TCP listener: accepts connections, filters peers, and wires codec and handler. */
public final class StateServerListener implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StateServerListener.class);

    private final StateServerSettings settings;
    private final EventLoopGroup bossGroup;
    private final EventLoopGroup workerGroup;
    private final Channel serverChannel;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private StateServerListener(StateServerSettings settings, EventLoopGroup boss, EventLoopGroup workers,
                                Channel serverChannel) {
        this.settings = settings;
        this.bossGroup = boss;
        this.workerGroup = workers;
        this.serverChannel = serverChannel;
    }

    /**
     * Binds and starts serving.
     *
     * @throws java.net.BindException (sneakily, as Netty does) when the address is taken; the caller reports it
     */
    public static StateServerListener start(StateServerSettings settings, SessionStore<SessionEntry> store)
            throws InterruptedException {
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup boss = epoll ? new EpollEventLoopGroup(1) : new NioEventLoopGroup(1);
        // One event loop per CPU this process may use (taskset and container limits included): more loops than
        // CPUs only add context switches, and Netty's default is twice the CPUs.
        int loops = Runtime.getRuntime().availableProcessors();
        EventLoopGroup workers = epoll ? new EpollEventLoopGroup(loops) : new NioEventLoopGroup(loops);
        Class<? extends ServerSocketChannel> channelType =
                epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        StateServerResponses responses = new StateServerResponses(settings.aspNetVersion(), settings.lockDateZone());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, workers)
                .channel(channelType)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                // A client may pipeline requests and then shut down its sending side; its answers must still go out.
                .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (!settings.isAllowed(ch.remoteAddress().getAddress())) {
                            LOG.warn("refused connection from {}: not in the allowed peers {} (see --allow)",
                                    ch.remoteAddress(), settings.allowedPeers());
                            ch.close();
                            return;
                        }
                        long idleMillis = settings.idleTimeout().toMillis();
                        if (idleMillis > 0) {
                            ch.pipeline().addLast(new IdleStateHandler(0, 0, idleMillis, TimeUnit.MILLISECONDS));
                        }
                        ch.pipeline().addLast(new StateServerRequestDecoder(settings.maxBodyBytes()));
                        ch.pipeline().addLast(new StateServerHandler(store, responses));
                    }
                });
        try {
            Channel channel = bootstrap.bind(settings.bindAddress(), settings.port()).sync().channel();
            return new StateServerListener(settings, boss, workers, channel);
        } catch (Exception e) {
            boss.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            workers.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /** The address actually bound (with the real port when port 0 was asked for). */
    public InetSocketAddress address() {
        return (InetSocketAddress) serverChannel.localAddress();
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
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        serverChannel.close().syncUninterruptibly();
        bossGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        workerGroup.shutdownGracefully(100, 5_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }
}
