package aspstate.tds;

import aspstate.transport.InOrder;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Runs a connection's requests one after another ({@link InOrder}: a batch or call starts once the one before is
 * complete, so pipelined requests see each other's effects in order) and writes their replies in request order.
 * TDS has no request ids, so the order is the only way a client matches replies to requests. Used on the
 * connection's event loop only.
 */
final class OrderedReplies {
    private final ChannelHandlerContext ctx;
    private final Function<ByteBuf, ByteBuf> packets;
    private final InOrder inOrder;
    private final Queue<CompletableFuture<ByteBuf>> pending = new ArrayDeque<>();
    private boolean failed;

    /** @param packets turns a reply's tokens into the packets to write, releasing the tokens */
    OrderedReplies(ChannelHandlerContext ctx, Function<ByteBuf, ByteBuf> packets) {
        this.ctx = ctx;
        this.packets = packets;
        this.inOrder = new InOrder(ctx.executor());
    }

    /**
     * Queues a reply: once every earlier request is complete, {@code tokens} writes it into a new buffer and
     * completes when it has. If writing fails, the buffer is released and the failure goes down the pipeline, which
     * closes the connection.
     */
    void add(Function<ByteBuf, CompletionStage<Void>> tokens) {
        CompletableFuture<ByteBuf> reply = inOrder.run(() -> write(tokens));
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

    private CompletionStage<ByteBuf> write(Function<ByteBuf, CompletionStage<Void>> tokens) {
        ByteBuf out = ctx.alloc().buffer();
        CompletionStage<Void> written;
        try {
            written = tokens.apply(out);
        } catch (RuntimeException e) {
            out.release();
            throw e;
        }
        return written.handle((done, failure) -> {
            if (failure != null) {
                out.release();
                throw new IllegalStateException("reply failed", failure);
            }
            return out;
        });
    }

    /**
     * Writes the replies that are ready, in order. A reply that failed ends the connection there: the replies after
     * it would otherwise reach the client as the answers to the requests before them. A write that fails also goes
     * down the pipeline (the void promise), which closes the connection.
     */
    private void writeCompleted() {
        while (!failed && !pending.isEmpty() && pending.peek().isDone()) {
            CompletableFuture<ByteBuf> reply = pending.remove();
            ByteBuf tokens;
            try {
                tokens = reply.join();
            } catch (RuntimeException failure) {
                failed = true;
                releaseAll();
                ctx.fireExceptionCaught(failure.getCause() != null ? failure.getCause() : failure);
                return;
            }
            ctx.write(packets.apply(tokens), ctx.voidPromise());
        }
    }

    /** Replies still to come are dropped with their buffers. */
    private void releaseAll() {
        CompletableFuture<ByteBuf> reply;
        while ((reply = pending.poll()) != null) {
            reply.thenAccept(ByteBuf::release);
        }
    }
}
