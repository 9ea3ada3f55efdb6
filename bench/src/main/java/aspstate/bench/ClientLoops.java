package aspstate.bench;

import aspstate.transport.IoTransport;
import io.netty.channel.EventLoopGroup;
import java.util.concurrent.TimeUnit;

/**
 * How the generator's clients reach the kernel, all of them alike so that a comparison measures the servers and not
 * a cheaper client: the best transport this process can use (io_uring, else epoll, else Java's selector; or the one
 * {@value IoTransport#PROPERTY} names), for the project's own clients (StateServer and TDS) and for Lettuce in the
 * Redis runs. io_uring spares the generator's one core most of its system calls, as it does the server's.
 *
 * <p>The own clients share one I/O thread: the generator is pinned to one core, where more threads would only add
 * switching.
 */
public final class ClientLoops {
    /** Lettuce's switches, read once when its transport classes load; it prefers epoll whenever epoll can be used. */
    private static final String LETTUCE_EPOLL = "io.lettuce.core.epoll";

    private static final String LETTUCE_IO_URING = "io.lettuce.core.iouring";

    private ClientLoops() {}

    public static IoTransport transport() {
        return IoTransport.best();
    }

    public static EventLoopGroup newGroup() {
        return transport().newGroup(1);
    }

    public static void shutDown(EventLoopGroup group) {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /**
     * Points Lettuce at {@link #transport()}, overriding Lettuce's own switches: the generator's one switch for all
     * its clients is {@value IoTransport#PROPERTY}. Must run before any Lettuce class that picks a transport is
     * loaded: Lettuce reads its switches once.
     */
    public static void steerLettuce() {
        IoTransport transport = transport();
        System.setProperty(LETTUCE_EPOLL, String.valueOf(transport == IoTransport.EPOLL));
        System.setProperty(LETTUCE_IO_URING, String.valueOf(transport == IoTransport.IO_URING));
    }
}
