package aspstate.transport;

import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringBufferRingConfig;
import io.netty.channel.uring.IoUringChannelOption;
import io.netty.channel.uring.IoUringFixedBufferRingAllocator;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringIoHandlerConfig;
import java.util.function.BiConsumer;

/**
 * What connections on io_uring read into: each I/O loop hands the kernel a ring of buffers in advance, and each
 * connection keeps one multishot receive armed that fills them as bytes arrive. Without the ring, every read
 * completes one receive and the loop submits the next. With it, at half of the peak, a request cost the server 1.2
 * submissions instead of 2.2, 2.3 completions instead of 3.2 and 0.8 system calls instead of 1.2, and 2-6% less CPU
 * (docs/benchmarks.md, "a ring of read buffers"). Kernels without buffer rings (before 5.19) read as before.
 *
 * <p>When the kernel finds the ring empty (more connections receiving at once than it holds), the loop adds buffers
 * up to {@link #MAX_BUFFERS} and the connection's receive is armed again: nothing is lost, the read only waits.
 */
final class ReadBufferRing {
    /** The ring's id, the same on every loop: a connection names it, and its own loop's ring serves it. */
    private static final short GROUP = 0;
    /**
     * A whole request of most pages fits one buffer: a Set of a session up to about 8 KB with its headers, or a TDS
     * packet of the 8,000 bytes the drivers ask for. A client holding part of a request holds at most one.
     */
    private static final int BUFFER_BYTES = 8192;
    /** At most 2 MiB per loop; a loop starts with {@link #BATCH} and adds as many each time the kernel runs out. */
    private static final short MAX_BUFFERS = 256;

    private static final int BATCH = 32;

    private ReadBufferRing() {}

    /** io_uring loops, each with its ring where the kernel has buffer rings. */
    static EventLoopGroup newGroup(int threads) {
        if (!IoUring.isRegisterBufferRingSupported()) {
            return new MultiThreadIoEventLoopGroup(threads, IoUringIoHandler.newFactory());
        }
        return new IoUringEventLoopGroup(
                threads,
                IoUringIoHandler.newFactory(new IoUringIoHandlerConfig()
                        .setBufferRingConfig(IoUringBufferRingConfig.builder()
                                .bufferGroupId(GROUP)
                                .bufferRingSize(MAX_BUFFERS)
                                .batchSize(BATCH)
                                .allocator(new IoUringFixedBufferRingAllocator(BUFFER_BYTES))
                                .build())));
    }

    /**
     * Has connections on {@code group}'s loops read from the loop's ring, through {@code option} (a bootstrap's
     * option or child option); nothing for loops without one, which would refuse a ring they do not have.
     */
    static void useFor(EventLoopGroup group, BiConsumer<ChannelOption<Short>, Short> option) {
        if (group instanceof IoUringEventLoopGroup) {
            option.accept(IoUringChannelOption.IO_URING_BUFFER_GROUP_ID, GROUP);
        }
    }
}
