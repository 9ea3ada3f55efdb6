package aspstate.transport;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoHandler;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * How connections reach the kernel: Linux's io_uring, which hands the kernel a whole loop turn's reads and writes in
 * one system call (about one call per request instead of two or three with epoll, measured in docs/benchmarks.md);
 * epoll, Linux's readiness notification; or Java's portable selector. io_uring is often switched off (the
 * {@code kernel.io_uring_disabled} sysctl, container seccomp profiles), so the choice falls back by itself unless
 * the operator asks for one by name.
 */
public enum IoTransport {
    IO_URING(
            "io_uring",
            IoUring::isAvailable,
            IoUring::unavailabilityCause,
            ReadBufferRing::newGroup,
            IoUringIoHandler.class,
            IoUringSocketChannel.class,
            IoUringServerSocketChannel.class),
    EPOLL(
            "epoll",
            Epoll::isAvailable,
            Epoll::unavailabilityCause,
            threads -> new MultiThreadIoEventLoopGroup(threads, EpollIoHandler.newFactory()),
            EpollIoHandler.class,
            EpollSocketChannel.class,
            EpollServerSocketChannel.class),
    NIO(
            "nio",
            () -> true,
            () -> null,
            threads -> new MultiThreadIoEventLoopGroup(threads, NioIoHandler.newFactory()),
            NioIoHandler.class,
            NioSocketChannel.class,
            NioServerSocketChannel.class);

    private final String text;
    private final BooleanSupplier available;
    private final Supplier<Throwable> unavailabilityCause;
    private final IntFunction<EventLoopGroup> groups;
    private final Class<? extends IoHandler> handlerType;
    private final Class<? extends SocketChannel> socketChannel;
    private final Class<? extends ServerSocketChannel> serverSocketChannel;

    IoTransport(
            String text,
            BooleanSupplier available,
            Supplier<Throwable> unavailabilityCause,
            IntFunction<EventLoopGroup> groups,
            Class<? extends IoHandler> handlerType,
            Class<? extends SocketChannel> socketChannel,
            Class<? extends ServerSocketChannel> serverSocketChannel) {
        this.text = text;
        this.available = available;
        this.unavailabilityCause = unavailabilityCause;
        this.groups = groups;
        this.handlerType = handlerType;
        this.socketChannel = socketChannel;
        this.serverSocketChannel = serverSocketChannel;
    }

    /**
     * The system property that names the transport {@link #best()} returns, as {@code --transport} names one; a test
     * run sets it to put every listener and client it starts on one transport.
     */
    public static final String PROPERTY = "aspstate.transport";

    /**
     * The fastest transport this process can use: io_uring, else epoll, else NIO; or the one {@link #PROPERTY} names.
     *
     * @throws IllegalArgumentException when the property names a transport this process cannot use
     */
    public static IoTransport best() {
        String named = System.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
        if (!named.equals("auto")) {
            return parse(named);
        }
        for (IoTransport transport : values()) {
            if (transport.isAvailable()) {
                return transport;
            }
        }
        return NIO;
    }

    /**
     * The transport named {@code text} ({@code io_uring}, {@code epoll}, {@code nio}), or {@link #best()} for
     * {@code auto}.
     *
     * @throws IllegalArgumentException for another name, or a transport this process cannot use (with the reason)
     */
    public static IoTransport parse(String text) {
        String name = text.trim().toLowerCase(Locale.ROOT);
        if (name.equals("auto")) {
            return best();
        }
        for (IoTransport transport : values()) {
            if (transport.text.equals(name)) {
                transport.unavailability().ifPresent(reason -> {
                    throw new IllegalArgumentException(
                            transport.text + " cannot be used here (" + reason + "); auto picks the best one that can");
                });
                return transport;
            }
        }
        throw new IllegalArgumentException("must be auto, io_uring, epoll or nio");
    }

    /**
     * The transport {@code group}'s loops run on. Looks at the group's first loop without {@code next()}, which
     * would move on the group's choice of loop for the next channel.
     */
    public static IoTransport of(EventLoopGroup group) {
        if (group.iterator().next() instanceof IoEventLoop loop) {
            for (IoTransport transport : values()) {
                if (loop.isIoType(transport.handlerType)) {
                    return transport;
                }
            }
        }
        throw new IllegalArgumentException("not an event loop group of a known transport: " + group);
    }

    /** The transport whose connections are of {@code type} (for a client library that names only that). */
    public static IoTransport ofSocketChannel(Class<?> type) {
        for (IoTransport transport : values()) {
            if (transport.socketChannel == type) {
                return transport;
            }
        }
        throw new IllegalArgumentException("not a socket channel of a known transport: " + type.getName());
    }

    public boolean isAvailable() {
        return available.getAsBoolean();
    }

    /** Why this process cannot use the transport (kernel, sysctl, seccomp, no native library), or empty. */
    public Optional<String> unavailability() {
        if (isAvailable()) {
            return Optional.empty();
        }
        Throwable cause = unavailabilityCause.get();
        return Optional.of(cause == null ? "not available" : String.valueOf(cause.getMessage()));
    }

    public EventLoopGroup newGroup(int threads) {
        return groups.apply(threads);
    }

    public Class<? extends SocketChannel> socketChannel() {
        return socketChannel;
    }

    public Class<? extends ServerSocketChannel> serverSocketChannel() {
        return serverSocketChannel;
    }

    @Override
    public String toString() {
        return text;
    }
}
