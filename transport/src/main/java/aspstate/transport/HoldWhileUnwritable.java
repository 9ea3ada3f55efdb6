package aspstate.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelInputShutdownReadComplete;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * Outbound back-pressure: while a connection's unsent answers are above the high-water mark (the peer is not
 * reading them), its next requests wait here instead of running, and nothing more is read from it; once the peer
 * has taken them down to the low-water mark they run in order. Without it, one read of many small pipelined
 * requests for a large session makes as many large answers at once, and a client that never reads can fill the
 * memory. Placed between the protocol's decoder and its handler; what waits is bounded by one read.
 *
 * <p>The end of the client's input waits in line with the requests (a half-closure must not overtake the requests
 * before it); other events do not wait.
 */
public final class HoldWhileUnwritable extends ChannelInboundHandlerAdapter {
    /** A user event waiting in line, told apart from a request. */
    private record HeldEvent(Object event) {}

    private final ArrayDeque<Object> held = new ArrayDeque<>();
    private boolean pausedReading;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (held.isEmpty() && ctx.channel().isWritable()) {
            ctx.fireChannelRead(msg);
            return;
        }
        hold(ctx, msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        // Only the end of the client's input waits in line: anything else (an idle timeout that must close a client
        // which stopped reading, and so will never make the channel writable again) goes on at once.
        boolean endOfInput =
                evt instanceof ChannelInputShutdownEvent || evt instanceof ChannelInputShutdownReadComplete;
        if (held.isEmpty() || !endOfInput) {
            ctx.fireUserEventTriggered(evt);
            return;
        }
        hold(ctx, new HeldEvent(evt));
    }

    private void hold(ChannelHandlerContext ctx, Object msg) {
        held.add(msg);
        if (!pausedReading) {
            pausedReading = true;
            ctx.channel().config().setAutoRead(false);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            release(ctx);
        }
        ctx.fireChannelWritabilityChanged();
    }

    /** Lets held requests run while the channel stays writable; reads again once none is left. */
    private void release(ChannelHandlerContext ctx) {
        boolean released = false;
        while (!held.isEmpty() && ctx.channel().isWritable()) {
            Object next = held.poll();
            released = true;
            if (next instanceof HeldEvent event) {
                ctx.fireUserEventTriggered(event.event());
            } else {
                ctx.fireChannelRead(next);
            }
        }
        if (released) {
            ctx.fireChannelReadComplete(); // outside a read, so the handler's flush comes from here
        }
        if (held.isEmpty() && pausedReading) {
            pausedReading = false;
            ctx.channel().config().setAutoRead(true);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        Object msg;
        while ((msg = held.poll()) != null) {
            ReferenceCountUtil.release(msg);
        }
        ctx.fireChannelInactive();
    }
}
