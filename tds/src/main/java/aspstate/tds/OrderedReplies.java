package aspstate.tds;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Keeps a connection's replies in request order when some complete later (a procedure waiting for the store):
 * a reply is written once it and every reply before it are complete. TDS has no request ids, so the order is the
 * only way a client matches replies to requests. Used on the connection's event loop only.
 */
final class OrderedReplies {
    private final ChannelHandlerContext ctx;
    private final Function<ByteBuf, ByteBuf> packets;
    private final Queue<CompletableFuture<ByteBuf>> pending = new ArrayDeque<>();

    /** @param packets turns a reply's tokens into the packets to write, releasing the tokens */
    OrderedReplies(ChannelHandlerContext ctx, Function<ByteBuf, ByteBuf> packets) {
        this.ctx = ctx;
        this.packets = packets;
    }

    /**
     * Queues a reply: {@code tokens} is the buffer the reply is written into, complete when {@code written} is.
     * If writing fails, the buffer is released and the failure goes down the pipeline, which closes the connection.
     */
    void add(ByteBuf tokens, CompletionStage<Void> written) {
        CompletableFuture<ByteBuf> reply = written.toCompletableFuture().handle((done, failure) -> {
            if (failure != null) {
                tokens.release();
                throw new IllegalStateException("reply failed", failure);
            }
            return tokens;
        });
        pending.add(reply);
        if (reply.isDone()) {
            writeCompleted();
        } else {
            reply.whenComplete((tokensDone, failure) -> ctx.executor().execute(() -> {
                writeCompleted();
                ctx.flush();
            }));
        }
    }

    private void writeCompleted() {
        while (!pending.isEmpty() && pending.peek().isDone()) {
            CompletableFuture<ByteBuf> reply = pending.remove();
            ByteBuf tokens;
            try {
                tokens = reply.join();
            } catch (RuntimeException failure) {
                ctx.fireExceptionCaught(failure.getCause() != null ? failure.getCause() : failure);
                continue;
            }
            ctx.write(packets.apply(tokens));
        }
    }
}
