package aspstate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BackgroundPriorityTest {
    @Test
    void theThreadThatAsksRunsAtTheLowestPriorityAndNoOtherDoes() throws InterruptedException {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "a Linux /proc");
        int before = niceOfThisThread();
        AtomicBoolean lowered = new AtomicBoolean();
        AtomicInteger nice = new AtomicInteger(-100);
        Thread background = new Thread(() -> {
            lowered.set(BackgroundPriority.lowerCurrentThread());
            nice.set(niceOfThisThread());
        });
        background.start();
        background.join();

        assertThat(lowered).isTrue();
        assertThat(nice).hasValue(BackgroundPriority.LOWEST);
        assertThat(niceOfThisThread()).as("the caller's priority alone changes").isEqualTo(before);
    }

    /** The nice value of the calling thread, field 19 of its stat line (the fields after the command's ")"). */
    private static int niceOfThisThread() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[19 - 3]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
