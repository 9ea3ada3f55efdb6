package aspstate.stateserver;

import aspstate.core.LogText;
import aspstate.core.RepeatedEventLog;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateResult;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoreUnavailableException;
import aspstate.transport.ConnectionFailures;
import aspstate.transport.OrderedReplies;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.stream.ChunkedInput;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.handler.timeout.IdleStateEvent;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs decoded requests against the store one after another and writes the answers in request order
 * ({@link OrderedReplies}). With the in-memory store every request completes inline and is written at once;
 * responses are flushed once per read batch, so pipelined requests cost one system call per batch.
 */
final class StateServerHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(StateServerHandler.class);
    private static final RepeatedEventLog UNAVAILABLE = new RepeatedEventLog(LOG);
    private static final RepeatedEventLog FULL = new RepeatedEventLog(LOG);
    /** A fault of the server: logged with its stack trace, but at most once per interval however often. */
    private static final RepeatedEventLog FAILED = new RepeatedEventLog(LOG, org.slf4j.event.Level.ERROR);
    /** The marker reply that closes the connection where it comes in the order of replies. */
    private static final CompletableFuture<StateResult> CLOSE = CompletableFuture.completedFuture(null);

    private final SessionStore<SessionEntry> store;
    private final StateServerResponses responses;
    private OrderedReplies<StateResult> replies;
    private boolean closing;
    /** A large body went out on this connection, so a {@link ChunkedWriteHandler} sits before this handler. */
    private boolean slicing;

    StateServerHandler(SessionStore<SessionEntry> store, StateServerResponses responses) {
        this.store = store;
        this.responses = responses;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        replies = new OrderedReplies<>(ctx, (result, failure) -> write(ctx, result, failure));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        DecodedRequest decoded = (DecodedRequest) msg;
        if (closing) {
            return;
        }
        if (decoded.isMalformed()) {
            LOG.debug(
                    "{}: closing, not a request: {}", ctx.channel().remoteAddress(), LogText.client(decoded.problem()));
            close();
            return;
        }
        if (decoded.request() == null) {
            LOG.debug(
                    "{}: 400 for {}: {}",
                    ctx.channel().remoteAddress(),
                    LogText.client(decoded.key()),
                    LogText.client(decoded.problem()));
            replies.add(CompletableFuture.completedFuture(StateResult.BAD_REQUEST));
            return;
        }
        // A pipelined PUT then GET must find the PUT done, even when the store answers later than it returns.
        replies.run(() -> store.execute(decoded.key(), decoded.request()));
    }

    /** Answers what was asked before, then closes. */
    private void close() {
        closing = true;
        replies.add(CLOSE);
    }

    /** @return false once the connection closes here: nothing after it is answered */
    private boolean write(ChannelHandlerContext ctx, StateResult result, Throwable failure) {
        if ((result == null && failure == null) || (failure != null && storeFailed(failure))) {
            closing = true;
            // Requests after it are not answered either: the client reconnects and asks again.
            ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            return false;
        }
        ChunkedInput<ByteBuf> body = StateServerResponses.separateBody(result);
        if (body != null && !slicing) {
            startSlicing(ctx);
        }
        ctx.write(responses.encode(result, ctx.alloc()), ctx.voidPromise());
        if (body != null) {
            ctx.write(body, ctx.voidPromise());
        }
        return true;
    }

    /**
     * Large bodies go out in slices, as the peer takes them. The slicer joins the pipeline at the connection's first
     * large body, not at its start: it handles every write and runs its flush loop on every flush, a cost most
     * connections, whose sessions are small, need not pay. Everything written before it is already in the outbound
     * buffer, and everything after passes through it, so the answers keep their order. (Never after the connection
     * is gone: {@link OrderedReplies} writes nothing once this handler has left its pipeline.)
     */
    private void startSlicing(ChannelHandlerContext ctx) {
        ctx.pipeline().addBefore(ctx.name(), null, new ChunkedWriteHandler());
        slicing = true;
    }

    /**
     * A request the store failed (full, unavailable, or a fault) is answered by closing the connection: the client
     * then fails the request with "unable to make the session state request", and its next connection may reach a
     * node that can serve (through a load balancer). The protocol has no status for a server error: a 400 says the
     * client erred, and ASP.NET's client takes some other statuses for success. Logged grouped, by kind.
     *
     * @return always true: the connection closes
     */
    private static boolean storeFailed(Throwable failure) {
        if (failure instanceof StoreUnavailableException) {
            UNAVAILABLE.occurred(
                    "store unavailable: closed {} connection(s) instead of answering: {}", failure.getMessage());
        } else if (failure instanceof StoreFullException) {
            FULL.occurred("store full: closed {} connection(s) instead of answering: {}", failure.getMessage());
        } else {
            FAILED.occurred("the store failed {} request(s); their connections were closed (latest failure:)", failure);
        }
        return true;
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof ChannelInputShutdownEvent) {
            // The peer sent everything it will send: answer what was asked, then close.
            if (!closing) {
                close();
            }
            return;
        }
        if (evt instanceof IdleStateEvent) {
            LOG.debug("{}: idle, closing", ctx.channel().remoteAddress());
            ctx.close();
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    /** Malformed requests do not come here (the decoder frames them as requests to refuse). */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        closing = true;
        ConnectionFailures.close(ctx, cause, "stateserver", failure -> false);
    }
}
