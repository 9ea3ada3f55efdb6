package aspstate.stateserver;

import aspstate.core.LogText;
import aspstate.core.RepeatedEventLog;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateResult;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoreUnavailableException;
import aspstate.transport.ConnectionFailures;
import aspstate.transport.InOrder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.stream.ChunkedInput;
import io.netty.handler.timeout.IdleStateEvent;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs decoded requests against the store one after another ({@link InOrder}) and writes the answers in request
 * order. With the in-memory store every request completes inline and is written at once; responses
 * are flushed once per read batch, so pipelined requests cost one system call per batch.
 */
final class StateServerHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(StateServerHandler.class);
    private static final RepeatedEventLog UNAVAILABLE = new RepeatedEventLog(LOG);

    private final SessionStore<SessionEntry> store;
    private final StateServerResponses responses;
    /** Answers not yet written because an earlier one is still running; a null result means "close here". */
    private final ArrayDeque<CompletableFuture<StateResult>> pending = new ArrayDeque<>();
    private InOrder inOrder;
    private static final CompletableFuture<StateResult> CLOSE = CompletableFuture.completedFuture(null);
    private boolean closing;

    StateServerHandler(SessionStore<SessionEntry> store, StateServerResponses responses) {
        this.store = store;
        this.responses = responses;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        inOrder = new InOrder(ctx.executor());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        DecodedRequest decoded = (DecodedRequest) msg;
        if (closing) {
            return;
        }
        if (decoded.isMalformed()) {
            LOG.debug("{}: closing, not a request: {}", ctx.channel().remoteAddress(),
                    LogText.client(decoded.problem()));
            closing = true;
            enqueue(ctx, CLOSE);
            return;
        }
        enqueue(ctx, execute(ctx, decoded));
    }

    private CompletableFuture<StateResult> execute(ChannelHandlerContext ctx, DecodedRequest decoded) {
        if (decoded.request() == null) {
            LOG.debug("{}: 400 for {}: {}", ctx.channel().remoteAddress(), LogText.client(decoded.key()),
                    LogText.client(decoded.problem()));
            return CompletableFuture.completedFuture(StateResult.BAD_REQUEST);
        }
        StateResult invalid = decoded.request().validate();
        if (invalid != null) {
            return CompletableFuture.completedFuture(invalid);
        }
        // A pipelined PUT then GET must find the PUT done, even when the store answers later than it returns.
        return inOrder.run(() -> store.execute(decoded.key(), decoded.request()));
    }

    private void enqueue(ChannelHandlerContext ctx, CompletableFuture<StateResult> answer) {
        if (pending.isEmpty() && answer.isDone()) {
            write(ctx, answer);
            return;
        }
        pending.add(answer);
        if (pending.size() == 1) {
            answer.whenComplete((result, error) -> ctx.executor().execute(() -> drain(ctx)));
        }
    }

    /** Writes every finished answer at the head of the queue; waits for the first unfinished one. */
    private void drain(ChannelHandlerContext ctx) {
        CompletableFuture<StateResult> head;
        while ((head = pending.peek()) != null && head.isDone()) {
            pending.poll();
            write(ctx, head);
        }
        ctx.flush();
        if (head != null) {
            head.whenComplete((result, error) -> ctx.executor().execute(() -> drain(ctx)));
        }
    }

    private void write(ChannelHandlerContext ctx, CompletableFuture<StateResult> answer) {
        if (answer == CLOSE || unavailable(answer)) {
            closing = true;
            pending.clear(); // requests after it are not answered either: the client reconnects and asks again
            ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        StateResult result = resultOf(answer);
        ctx.write(responses.encode(result, ctx.alloc()), ctx.voidPromise());
        ChunkedInput<ByteBuf> body = StateServerResponses.separateBody(result);
        if (body != null) {
            ctx.write(body, ctx.voidPromise());
        }
    }

    /**
     * A store cut off from its data (this node in a partition's minority) answers nothing: the connection closes, so
     * that the client's next connection may reach a node that can serve (through a load balancer); a 400 would keep
     * it on this one. The protocol has no status for "try elsewhere".
     */
    private boolean unavailable(CompletableFuture<StateResult> answer) {
        if (!answer.isCompletedExceptionally()) {
            return false;
        }
        Throwable cause = answer.handle((result, failure) -> failure.getCause() != null ? failure.getCause()
                : failure).join();
        if (!(cause instanceof StoreUnavailableException)) {
            return false;
        }
        UNAVAILABLE.occurred("store unavailable: closed {} connection(s) instead of answering: {}",
                cause.getMessage());
        return true;
    }

    private static StateResult resultOf(CompletableFuture<StateResult> answer) {
        try {
            return answer.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof StoreFullException) {
                return StateResult.BAD_REQUEST;
            }
            LOG.error("store failed a request; answering 400", e.getCause());
            return StateResult.BAD_REQUEST;
        }
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
                closing = true;
                enqueue(ctx, CLOSE);
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
