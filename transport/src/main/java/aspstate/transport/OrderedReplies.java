package aspstate.transport;

import io.netty.channel.ChannelHandlerContext;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * One connection's replies, written in request order. Neither protocol has request ids: the order is the only way a
 * client matches replies to requests, so a reply that completes early waits for the ones before it. Requests given
 * to {@link #run} also start one after another ({@link InOrder}), so pipelined requests see each other's effects.
 *
 * <p>A reply that is ready when nothing is queued is written at once, without a flush: the handler flushes once per
 * read batch, so pipelined requests cost one system call per batch. A reply that completes later is written, with
 * those queued behind it, on the connection's event loop, and flushed; one that completes after the handler left its
 * pipeline (the connection is gone) is discarded, with everything after it. Used on that event loop only.
 *
 * @param <T> what a request completes with
 */
public final class OrderedReplies<T> {

    /** Writes replies for {@link OrderedReplies}; called on the event loop, in request order. */
    public interface Writer<T> {
        /**
         * Writes one reply (without flushing).
         *
         * @param reply   what the request completed with, or null if it failed
         * @param failure why it failed (unwrapped from CompletionException), or null
         * @return false to stop here: no later reply is written (the writer closes or fails the connection)
         */
        boolean write(T reply, Throwable failure);

        /** A reply that completed after the writer stopped, never to be written: release what it holds. */
        default void discard(T reply) {}
    }

    private final ChannelHandlerContext ctx;
    private final Writer<T> writer;
    private final InOrder inOrder;
    private final ArrayDeque<CompletableFuture<T>> pending = new ArrayDeque<>();
    private boolean stopped;

    public OrderedReplies(ChannelHandlerContext ctx, Writer<T> writer) {
        this.ctx = ctx;
        this.writer = writer;
        this.inOrder = new InOrder(ctx.executor());
    }

    /** Starts {@code request} once every earlier one given here has completed, and queues its reply. */
    public void run(Supplier<? extends CompletionStage<T>> request) {
        add(inOrder.run(request));
    }

    /** Queues a reply that needs no request to run (an answer decided already, or a marker the writer knows). */
    public void add(CompletableFuture<T> reply) {
        if (stopped) {
            discardWhenDone(reply);
            return;
        }
        if (pending.isEmpty() && reply.isDone()) {
            writeOne(reply);
            return;
        }
        pending.add(reply);
        if (pending.size() == 1) {
            drainWhenDone(reply);
        }
    }

    /** True once the writer stopped: nothing more will be written. */
    public boolean stopped() {
        return stopped;
    }

    private void drainWhenDone(CompletableFuture<T> head) {
        head.whenComplete((reply, failure) -> ctx.executor().execute(this::drain));
    }

    /** Writes every finished reply at the head of the queue; waits for the first unfinished one. */
    private void drain() {
        CompletableFuture<T> head;
        while (!stopped && (head = pending.peek()) != null && head.isDone()) {
            pending.poll();
            writeOne(head);
        }
        ctx.flush();
        if (!stopped && (head = pending.peek()) != null) {
            drainWhenDone(head);
        }
    }

    private void writeOne(CompletableFuture<T> done) {
        if (ctx.isRemoved()) {
            // The connection left its pipeline while the reply was on its way (a late store, a reset client):
            // nobody is there to answer, and a writer could not change a pipeline its handler is no longer in.
            discardWhenDone(done);
            stop();
            return;
        }
        T reply = null;
        Throwable failure = null;
        try {
            reply = done.join();
        } catch (CompletionException e) {
            failure = e.getCause() != null ? e.getCause() : e;
        } catch (RuntimeException e) { // cancelled
            failure = e;
        }
        if (!writer.write(reply, failure)) {
            stop();
        }
    }

    /** Writes nothing more: what is queued is released as it completes. */
    private void stop() {
        stopped = true;
        CompletableFuture<T> dropped;
        while ((dropped = pending.poll()) != null) {
            discardWhenDone(dropped);
        }
    }

    private void discardWhenDone(CompletableFuture<T> reply) {
        reply.thenAccept(writer::discard);
    }
}
