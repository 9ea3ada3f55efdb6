package aspstate.transport;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;

/**
 * io_uring loops that each have a ring of read buffers ({@link ReadBufferRing}): the type tells the connections made
 * on them that the ring is there. A class of its own, not a nested one, because Netty names the threads after it
 * ("ioUringEventLoopGroup-2-1"), as thread dumps and profiles show them.
 */
final class IoUringEventLoopGroup extends MultiThreadIoEventLoopGroup {
    IoUringEventLoopGroup(int threads, IoHandlerFactory handlers) {
        super(threads, handlers);
    }
}
