package aspstate.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Fires {@link IdleStateEvent#ALL_IDLE_STATE_EVENT} when nothing has come from the client for the timeout and none of
 * its answers has moved either: a client still reading a large answer slowly, or still getting answers from a slow
 * store, is not idle.
 *
 * <p>Netty's own all-idle timer learns about writes from a listener on each write's promise, which makes a promise
 * for every write (about a tenth of the bytes a small request allocated). This one counts writes as they pass and,
 * each time reads have stopped for the timeout, looks at the count and at the unsent answers; when a look finds
 * nothing changed since the one before (or, for the first, since the last read), the connection is idle. So an idle
 * connection is closed one timeout after the last thing that happened on it, or up to two when that was an answer
 * going out.
 */
public final class IdleConnectionTimeout extends IdleStateHandler {
    private long writes;
    /** What the last look saw (or, after a read, nothing written since and nothing waiting). */
    private long seenWrites;

    private int seenMessage;
    private long seenProgress;
    private long seenPendingBytes;

    public IdleConnectionTimeout(Duration timeout) {
        super(timeout.toNanos(), 0, 0, TimeUnit.NANOSECONDS);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        writes++;
        ctx.write(msg, promise);
    }

    /**
     * A read starts the count afresh, as if nothing were waiting to go out: the answers to it are written and mostly
     * sent before the first look, which then finds them gone (idle one timeout later) or still going (not idle).
     * Only a counter is touched here, as this runs on every read.
     */
    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        seenWrites = writes;
        seenMessage = 0;
        seenProgress = 0;
        seenPendingBytes = 0;
        super.channelReadComplete(ctx);
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent evt) {
        if (!look(ctx.channel().unsafe().outboundBuffer())) {
            ctx.fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
        }
    }

    /** Remembers the writes and the unsent answers as they are now; returns whether either changed since last time. */
    private boolean look(ChannelOutboundBuffer unsent) {
        int message = unsent == null ? 0 : System.identityHashCode(unsent.current());
        long progress = unsent == null ? 0 : unsent.currentProgress();
        long pendingBytes = unsent == null ? 0 : unsent.totalPendingWriteBytes();
        boolean moved = writes != seenWrites
                || message != seenMessage
                || progress != seenProgress
                || pendingBytes != seenPendingBytes;
        seenWrites = writes;
        seenMessage = message;
        seenProgress = progress;
        seenPendingBytes = pendingBytes;
        return moved;
    }
}
