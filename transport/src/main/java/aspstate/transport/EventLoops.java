package aspstate.transport;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

/**
 * Event loops on Linux's native epoll transport where available (cheaper per request than Java's selector), else
 * NIO, with the matching channel types.
 */
public final class EventLoops {
    private EventLoops() {
    }

    public static EventLoopGroup newGroup(int threads) {
        return Epoll.isAvailable() ? new EpollEventLoopGroup(threads) : new NioEventLoopGroup(threads);
    }

    /** One loop per CPU this process may use (taskset and container limits included): more only add switching. */
    public static EventLoopGroup newGroupPerCpu() {
        return newGroup(Runtime.getRuntime().availableProcessors());
    }

    public static Class<? extends SocketChannel> socketChannel(EventLoopGroup group) {
        return group instanceof EpollEventLoopGroup ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    public static Class<? extends ServerSocketChannel> serverSocketChannel(EventLoopGroup group) {
        return group instanceof EpollEventLoopGroup ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }
}
