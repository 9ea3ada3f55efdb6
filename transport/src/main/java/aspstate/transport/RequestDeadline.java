package aspstate.transport;

import aspstate.core.DurationText;
import aspstate.core.RepeatedEventLog;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a connection whose request has not arrived whole within the request timeout of its first byte. An idle
 * timeout alone does not do this: a client sending one byte now and then is never idle, and would hold its
 * connection (and what it buffered) for ever. Placed before the protocol's decoder, which says through
 * {@link RequestFraming} when a request is under way. It also keeps the connection's {@link ConnectionProgress}
 * (how much of the request arrived since when), by which a full listener picks the connection to shed.
 */
public final class RequestDeadline extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(RequestDeadline.class);
    private static final RepeatedEventLog EXCEEDED = new RepeatedEventLog(LOG, org.slf4j.event.Level.INFO);

    private final long timeoutNanos;
    private final RequestFraming framing;
    private ScheduledFuture<?> deadline;
    /** Null on a channel that no {@link TcpListener} admitted (a client's, a test's). */
    private ConnectionProgress progress;

    public RequestDeadline(Duration timeout, RequestFraming framing) {
        this.timeoutNanos = timeout.toNanos();
        this.framing = framing;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        progress = ConnectionProgress.of(ctx.channel());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        long framedBefore = framing.requestsFramed();
        long bytes = msg instanceof ByteBuf buffer ? buffer.readableBytes() : 0;
        ctx.fireChannelRead(msg);
        if (!framing.midRequest()) {
            cancel();
            if (progress != null) {
                progress.betweenRequests();
            }
        } else if (deadline == null || framing.requestsFramed() != framedBefore) {
            // A new request began in this read: its time starts now.
            cancel();
            deadline = ctx.executor().schedule(() -> expire(ctx), timeoutNanos, TimeUnit.NANOSECONDS);
            if (progress != null) {
                progress.requestStarted(System.nanoTime(), bytes);
            }
        } else if (progress != null) {
            progress.received(bytes);
        }
    }

    private void expire(ChannelHandlerContext ctx) {
        deadline = null;
        EXCEEDED.occurred(
                "closed {} connection(s) whose request did not arrive whole within --request-timeout {} "
                        + "(latest from {})",
                DurationText.format(Duration.ofNanos(timeoutNanos)),
                ctx.channel().remoteAddress());
        ctx.close();
    }

    private void cancel() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
    }
}
