package aspstate.store.journal;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.testing.Await;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal's files on their own, on real files in a temporary directory. */
class SegmentsTest {
    @TempDir
    Path directory;

    /**
     * The spares' thread starts with the files, before the journal asks to be told of a ready spare: one made in
     * between is told too, or an idle writer would never make the next segment ahead.
     */
    @Test
    void aSpareReadyBeforeTheWriterAsksToBeToldIsToldAtOnce() throws IOException {
        Segments segments = Segments.create(directory, FileOpener.PLAIN, JournalFormat.SINGLE_NODE.id());
        try {
            Await.until("a spare is ready", segments::settleDue);
            AtomicInteger told = new AtomicInteger();
            segments.whenSpareReady(told::incrementAndGet);
            assertThat(told).hasValue(1);
        } finally {
            segments.close(true);
        }
    }
}
