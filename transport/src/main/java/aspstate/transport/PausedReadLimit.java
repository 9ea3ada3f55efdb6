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
 * Closes a connection that sends more than the unsent-answers limit while its reading is paused. Reading is paused
 * by {@link HoldWhileUnwritable} when the client does not take its answers; on epoll and nio nothing more then
 * arrives than the rest of the read under way. On io_uring with multishot receives, Netty 4.2.18 arms the receive
 * again when the kernel ends one (the buffer ring ran out, say) whether or not reading is paused, so a client that
 * pipelines small requests and never reads its answers was read without end: 16 such connections held 2.3 million
 * decoded requests and ended the process for want of heap. Such a client is not waiting for anything; its own
 * connection is closed. The first handler of every connection a {@link TcpListener} admits.
 */
final class PausedReadLimit extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(PausedReadLimit.class);
    private static final RepeatedEventLog CLOSED = new RepeatedEventLog(LOG, Level.INFO);

    private final String listener;
    private final long limitBytes;
    private long readWhilePaused;

    PausedReadLimit(String listener, long limitBytes) {
        this.listener = listener;
        this.limitBytes = limitBytes;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (ctx.channel().config().isAutoRead()) {
            readWhilePaused = 0;
        } else if (msg instanceof ByteBuf bytes) {
            readWhilePaused += bytes.readableBytes();
            if (readWhilePaused > limitBytes) {
                bytes.release();
                CLOSED.occurred("closed {} {} connection(s) that sent more than --max-unsent {} while their "
                        + "answers were not being read (latest from {})", listener, ByteSize.format(limitBytes),
                        ctx.channel().remoteAddress());
                ctx.close();
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }
}
