package aspstate.transport;

import aspstate.core.ByteSize;
import aspstate.core.RepeatedEventLog;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * Closes a connection that sends more than {@link #LIMIT_BYTES} while its reading is paused. Reading is paused by
 * {@link HoldWhileUnwritable} when the client does not take its answers; on epoll and nio nothing more then arrives
 * than the rest of the read under way. On io_uring with multishot receives, Netty 4.2.18 arms the receive again
 * when the kernel ends one (the buffer ring ran out, say) whether or not reading is paused, so a client that
 * pipelines small requests and never reads its answers was read without end: 16 such connections held 2.3 million
 * decoded requests and ended the process for want of heap. Such a client is not waiting for anything (no client of
 * these protocols sends more while it does not read); its own connection is closed. The first handler of every
 * connection a {@link TcpListener} admits.
 */
final class PausedReadLimit extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(PausedReadLimit.class);
    private static final RepeatedEventLog CLOSED = new RepeatedEventLog(LOG, Level.INFO);
    /**
     * What a paused connection may still send: a read's worth. Decoded, its requests take many times their bytes
     * while they wait (an admin request of 46 bytes is a 1 KB object), so this, not --max-unsent, bounds them.
     */
    static final int LIMIT_BYTES = 64 * 1024;

    private final String listener;
    private long readWhilePaused;

    PausedReadLimit(String listener) {
        this.listener = listener;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (ctx.channel().config().isAutoRead()) {
            readWhilePaused = 0;
        } else if (msg instanceof ByteBuf bytes) {
            readWhilePaused += bytes.readableBytes();
            if (readWhilePaused > LIMIT_BYTES) {
                bytes.release();
                CLOSED.occurred(
                        "closed {} {} connection(s) that sent more than {} while their answers waited "
                                + "unread (--max-unsent) (latest from {})",
                        listener,
                        ByteSize.format(LIMIT_BYTES),
                        ctx.channel().remoteAddress());
                ctx.close();
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }
}
