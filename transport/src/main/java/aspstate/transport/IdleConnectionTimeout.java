package aspstate.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Fires {@link IdleStateEvent#ALL_IDLE_STATE_EVENT} when a connection has sent nothing for the timeout and is not
 * taking any of its answers either: a client still reading a large answer slowly is not idle.
 *
 * <p>Netty's own all-idle timer learns about writes from a listener on each write's promise, which makes a promise
 * for every write (about a tenth of the bytes a small request allocates). This one watches only reads, and when they
 * stop for the timeout, looks at the unsent answers instead: if some are waiting and have moved since its last look,
 * the client is taking them and the connection stays. A client that stops reading its answers is therefore closed
 * after one to two timeouts.
 */
public final class IdleConnectionTimeout extends IdleStateHandler {
    /** What the unsent answers looked like at the last look: nothing looked at yet. */
    private boolean looked;
    private int lastMessage;
    private long lastProgress;
    private long lastPendingBytes;

    public IdleConnectionTimeout(Duration timeout) {
        super(timeout.toNanos(), 0, 0, TimeUnit.NANOSECONDS);
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent evt) {
        if (answersAreMoving(ctx.channel().unsafe().outboundBuffer())) {
            return;
        }
        ctx.fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
    }

    private boolean answersAreMoving(ChannelOutboundBuffer unsent) {
        if (unsent == null || unsent.totalPendingWriteBytes() == 0) {
            looked = false;
            return false;
        }
        int message = System.identityHashCode(unsent.current());
        long progress = unsent.currentProgress();
        long pendingBytes = unsent.totalPendingWriteBytes();
        boolean moved = !looked || message != lastMessage || progress != lastProgress || pendingBytes != lastPendingBytes;
        looked = true;
        lastMessage = message;
        lastProgress = progress;
        lastPendingBytes = pendingBytes;
        return moved;
    }
}
