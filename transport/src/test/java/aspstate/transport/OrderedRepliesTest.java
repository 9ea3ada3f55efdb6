package aspstate.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Replies in request order on a real (embedded) channel: a reply completing early waits for the ones before it, a
 * ready reply is written at once, requests start one after another, and a writer that stops ends the writing.
 */
class OrderedRepliesTest {
    private final List<String> written = new ArrayList<>();
    private final List<String> discarded = new ArrayList<>();
    private final List<String> flushedAfter = new ArrayList<>();
    private EmbeddedChannel channel;
    private OrderedReplies<String> replies;

    @BeforeEach
    void setUp() {
        ChannelOutboundHandlerAdapter flushes = new ChannelOutboundHandlerAdapter() {
            @Override
            public void flush(ChannelHandlerContext ctx) {
                flushedAfter.add(String.join(",", written));
                ctx.flush();
            }
        };
        channel = new EmbeddedChannel(flushes, new ChannelInboundHandlerAdapter() {
            @Override
            public void handlerAdded(ChannelHandlerContext ctx) {
                replies = new OrderedReplies<>(ctx, new OrderedReplies.Writer<>() {
                    @Override
                    public boolean write(String reply, Throwable failure) {
                        written.add(failure != null ? "failed: " + failure.getMessage() : reply);
                        return !"stop".equals(reply);
                    }

                    @Override
                    public void discard(String reply) {
                        discarded.add(reply);
                    }
                });
            }
        });
    }

    @Test
    void aReplyThatIsReadyIsWrittenAtOnceWithoutAFlush() {
        replies.add(CompletableFuture.completedFuture("a"));
        replies.run(() -> CompletableFuture.completedFuture("b"));

        assertThat(written).containsExactly("a", "b");
        assertThat(flushedAfter).as("the handler flushes once per read batch").isEmpty();
    }

    @Test
    void aReplyThatCompletesEarlyWaitsForTheOnesBeforeIt() {
        CompletableFuture<String> first = new CompletableFuture<>();
        CompletableFuture<String> second = new CompletableFuture<>();
        replies.add(first);
        replies.add(second);
        replies.add(CompletableFuture.completedFuture("third"));

        second.complete("second");
        channel.runPendingTasks();
        assertThat(written).isEmpty();

        first.complete("first");
        channel.runPendingTasks();
        assertThat(written).containsExactly("first", "second", "third");
        assertThat(flushedAfter).containsExactly("first,second,third");
    }

    @Test
    void aRequestStartsOnlyOnceTheOneBeforeItHasCompleted() {
        CompletableFuture<String> slow = new CompletableFuture<>();
        List<String> started = new ArrayList<>();
        replies.run(() -> {
            started.add("slow");
            return slow;
        });
        replies.run(() -> {
            started.add("next");
            return CompletableFuture.completedFuture("next");
        });
        assertThat(started).containsExactly("slow");

        slow.complete("slow");
        channel.runPendingTasks();
        assertThat(started).containsExactly("slow", "next");
        assertThat(written).containsExactly("slow", "next");
    }

    @Test
    void aFailedRequestIsHandedToTheWriterWithItsCause() {
        replies.run(() -> {
            throw new IllegalStateException("broken");
        });
        replies.run(() -> CompletableFuture.failedFuture(new IllegalArgumentException("refused")));

        assertThat(written).containsExactly("failed: broken", "failed: refused");
    }

    @Test
    void nothingIsWrittenAfterTheWriterStopsAndWhatCompletesLaterIsDiscarded() {
        CompletableFuture<String> stop = new CompletableFuture<>();
        CompletableFuture<String> late = new CompletableFuture<>();
        replies.add(stop);
        replies.add(CompletableFuture.completedFuture("queued"));
        replies.add(late);

        stop.complete("stop");
        channel.runPendingTasks();
        assertThat(replies.stopped()).isTrue();
        replies.add(CompletableFuture.completedFuture("after"));
        late.complete("late");

        assertThat(written).containsExactly("stop");
        assertThat(discarded).containsExactlyInAnyOrder("queued", "late", "after");
    }

    @Test
    void aReplyThatCompletesAfterTheHandlerLeftItsPipelineIsDiscardedWithWhatFollows() {
        CompletableFuture<String> late = new CompletableFuture<>();
        CompletableFuture<String> behind = new CompletableFuture<>();
        replies.add(late);
        replies.add(behind);

        channel.pipeline().removeLast(); // as the pipeline's end does to every handler once the connection is gone
        late.complete("late");
        channel.runPendingTasks();
        behind.complete("behind");

        assertThat(written).isEmpty();
        assertThat(replies.stopped()).isTrue();
        assertThat(discarded).containsExactlyInAnyOrder("late", "behind");
    }
}
