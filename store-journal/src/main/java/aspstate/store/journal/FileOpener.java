package aspstate.store.journal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/** Opens the files the journal writes; tests wrap the channels to count, hold or fail their writes and syncs. */
@FunctionalInterface
interface FileOpener {
    FileOpener PLAIN = FileChannel::open;

    FileChannel open(Path file, OpenOption... options) throws IOException;
}
