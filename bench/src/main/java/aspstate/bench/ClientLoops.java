package aspstate.bench;

import aspstate.transport.IoTransport;
import io.netty.channel.EventLoopGroup;
import java.util.concurrent.TimeUnit;

/**
 * The I/O thread of the generator's own clients (StateServer and TDS): one, since the generator is pinned to one
 * core, where more threads would only add switching; on epoll (else Java's selector), the transport lettuce takes
 * for the Redis runs, so that a comparison measures the servers and not a cheaper client (io_uring would also spare
 * the generator's core system calls).
 */
public final class ClientLoops {
    private ClientLoops() {
    }

    public static EventLoopGroup newGroup() {
        return (IoTransport.EPOLL.isAvailable() ? IoTransport.EPOLL : IoTransport.NIO).newGroup(1);
    }

    public static void shutDown(EventLoopGroup group) {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
