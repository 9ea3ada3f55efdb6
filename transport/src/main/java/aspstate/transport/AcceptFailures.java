package aspstate.transport;

import aspstate.core.FatalErrors;
import aspstate.core.RepeatedEventLog;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a listening socket fails at, grouped: mostly accepts refused by the kernel for want of file descriptors
 * (EMFILE) while a flood of connections is being closed, which Netty otherwise logs once per failure, with its
 * advice about the pipeline. The listener keeps accepting; the connections wait in the kernel's backlog meanwhile.
 */
@ChannelHandler.Sharable
final class AcceptFailures extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(AcceptFailures.class);
    private static final RepeatedEventLog FAILED = new RepeatedEventLog(LOG);

    private final String listener;

    AcceptFailures(String listener) {
        this.listener = listener;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        FatalErrors.exitIfFatal(cause, listener, ctx.channel().localAddress());
        FAILED.occurred(
                "{} failure(s) to accept {} connections (latest: {}); if it is too many open files, lower "
                        + "--max-connections or raise the open-file limit",
                listener,
                cause.toString());
    }
}
