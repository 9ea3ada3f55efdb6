package aspstate.store.infinispan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class KeyedSequenceTest {
    private final KeyedSequence sequence = new KeyedSequence();

    @Test
    void tasksOfOneKeyRunInTurnAndAFailedOneDoesNotStopTheNext() {
        List<String> events = new CopyOnWriteArrayList<>();
        CompletableFuture<String> first = new CompletableFuture<>();
        CompletionStage<String> a = sequence.run("k", () -> {
            events.add("a starts");
            return first;
        });
        CompletionStage<String> b = sequence.run("k", () -> {
            events.add("b starts");
            return CompletableFuture.completedFuture("b");
        });
        CompletionStage<String> other = sequence.run("other", () -> {
            events.add("other starts");
            return CompletableFuture.completedFuture("other");
        });

        assertThat(other.toCompletableFuture().join()).isEqualTo("other");
        assertThat(events).containsExactly("a starts", "other starts");
        first.completeExceptionally(new IllegalStateException("refused"));

        assertThat(b.toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join())
                .isEqualTo("b");
        assertThat(a.toCompletableFuture()).isCompletedExceptionally();
        assertThat(events).containsExactly("a starts", "other starts", "b starts");
    }

    @Test
    void aTaskThatThrowsFailsItsOwnAnswerOnly() {
        CompletionStage<String> thrown = sequence.run("k", () -> {
            throw new IllegalArgumentException("bad");
        });
        CompletionStage<String> next = sequence.run("k", () -> CompletableFuture.completedFuture("next"));

        assertThat(thrown.toCompletableFuture()).isCompletedExceptionally();
        assertThat(next.toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join())
                .isEqualTo("next");
    }
}
