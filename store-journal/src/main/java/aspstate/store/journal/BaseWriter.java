package aspstate.store.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Writes a base: the header, then one whole record per entry (sequence number 0), in buffered writes, each synced; a
 * rewrite pauses after each write ({@link Pause}) to bound its share of the CPU.
 */
final class BaseWriter {
    private static final int BUFFER = 256 << 10;

    /** Called after each buffer written out. */
    interface Pause {
        void after() throws IOException;
    }

    private final FileChannel file;
    private final JournalFormat format;
    private final Pause pause;
    private ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER);
    private long written = JournalFile.HEADER;
    private long entries;

    BaseWriter(FileChannel file, JournalFormat format, Pause pause) {
        this.file = file;
        this.format = format;
        this.pause = pause;
    }

    <V> void add(StoreKind kind, String key, V value) throws IOException {
        ValueCodec<V> codec = format.codec(kind);
        int size = Records.size(key, codec.size(value, true));
        if (buffer.remaining() < size) {
            flush();
            if (buffer.capacity() < size) {
                buffer = ByteBuffer.allocateDirect(size);
            }
        }
        Records.write(buffer, 0, Records.PUT, kind, key, value, codec, true);
        entries++;
    }

    /** Writes (and syncs) what is buffered; returns the file's length. */
    long finish() throws IOException {
        flush();
        return written;
    }

    long entries() {
        return entries;
    }

    private void flush() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            written += file.write(buffer, written);
        }
        buffer.clear();
        // Synced as it goes, in small pieces: left to the end, a base of hundreds of MB reaches the disk in one
        // burst, and every journal sync behind it (each answer, with --fsync always) waits for the burst; synced
        // each 4 MiB, the pages waiting behind a piece still made the page p99 at peak three times as long as with
        // 256 KiB (docs/benchmarks.md).
        file.force(false);
        pause.after();
    }
}
