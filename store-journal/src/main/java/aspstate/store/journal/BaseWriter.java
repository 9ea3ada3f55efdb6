package aspstate.store.journal;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a base: the header, then one whole record per entry (sequence number 0), in pieces of {@link #BUFFER}; a
 * rewrite pauses after each piece ({@link Pause}) to bound its share of the CPU.
 *
 * <p>The pieces go past the page cache ({@code O_DIRECT}) where the file system allows it: a base is the size of
 * every live session, written again at each rewrite, and copying it into new pages of the page cache (then writing
 * them back, then dropping them when the base is replaced) took a busy one-core server's core from its event loop
 * (docs/benchmarks.md). Direct writes cover whole blocks, so the last piece is padded and the file then cut to its
 * length and synced. Where direct writes are refused (tmpfs), each piece is written through the page cache and
 * synced as it goes: left to the end, a base of hundreds of MB would reach the disk in one burst that every journal
 * sync (each answer, with {@code --fsync always}) waits behind. A file system that opens files for direct writes but
 * refuses the writes themselves gets the same.
 */
final class BaseWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BaseWriter.class);
    private static final int BUFFER = 256 << 10;
    /** Direct writes are aligned to this, or to the file system's block if larger. */
    private static final int LEAST_BLOCK = 4096;

    /** Called after each piece written out. */
    interface Pause {
        void after() throws IOException;
    }

    private final FileChannel file;
    /** The same file opened for direct writes, or null where the file system takes none. */
    private FileChannel direct;

    private final int block;
    private final JournalFormat format;
    private final Pause pause;
    private ByteBuffer buffer;
    /**
     * Where in the file the buffer's first byte goes. Written through the page cache, the buffer holds records only
     * and starts at the end of what was written; written directly, it starts at a block boundary, with the bytes
     * of the last block written only in part before its records.
     */
    private long bufferStart;

    private long entries;

    private BaseWriter(FileChannel file, FileChannel direct, int block, JournalFormat format, Pause pause)
            throws IOException {
        this.file = file;
        this.direct = direct;
        this.block = block;
        this.format = format;
        this.pause = pause;
        this.buffer = allocate(BUFFER);
        if (direct == null) {
            bufferStart = JournalFile.HEADER;
        } else {
            // The first block holds the header: written again, as it is, with the records after it.
            buffer.limit(JournalFile.HEADER);
            while (buffer.hasRemaining()) {
                if (file.read(buffer, buffer.position()) < 0) {
                    throw new IOException("the base's header could not be read back");
                }
            }
            buffer.limit(buffer.capacity());
        }
    }

    /** Makes the base file {@code base} with its header and opens it for writing its records. */
    static BaseWriter create(FileOpener files, Path base, JournalFile.Header header, JournalFormat format, Pause pause)
            throws IOException {
        FileChannel file = Segments.createFile(files, base, header);
        int block = LEAST_BLOCK;
        FileChannel direct = null;
        try {
            try {
                block = Math.max(
                        LEAST_BLOCK, Math.toIntExact(Files.getFileStore(base).getBlockSize()));
                direct = openDirect(files, base);
            } catch (IOException | RuntimeException e) {
                // The file system's block is unknown (a mount the system's table does not list): no direct writes.
                LOG.debug("{}: no block size ({}): the base goes through the page cache", base, e.toString());
            }
            return new BaseWriter(file, direct, block, format, pause);
        } catch (IOException | RuntimeException e) {
            file.close();
            if (direct != null) {
                direct.close();
            }
            Files.deleteIfExists(base);
            throw e;
        }
    }

    private static FileChannel openDirect(FileOpener files, Path base) {
        try {
            return files.open(base, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT);
        } catch (IOException | UnsupportedOperationException e) {
            LOG.debug("{} takes no direct writes ({}): the base goes through the page cache", base, e.toString());
            return null;
        }
    }

    <V> void add(StoreKind kind, String key, V value) throws IOException {
        ValueCodec<V> codec = format.codec(kind);
        int size = Records.size(key, codec.size(value, true));
        if (buffer.remaining() < size) {
            flush();
            if (buffer.remaining() < size) {
                ByteBuffer larger = allocate(buffer.position() + size);
                larger.put(buffer.flip());
                buffer = larger;
            }
        }
        Records.write(buffer, 0, Records.PUT, kind, key, value, codec, true);
        entries++;
    }

    /** Writes what is buffered and makes the whole file durable; returns its length. */
    long finish() throws IOException {
        if (direct != null) {
            int end = buffer.position();
            long length = bufferStart + end;
            int padded = (end + block - 1) / block * block;
            while (buffer.position() < padded) {
                buffer.put((byte) 0);
            }
            if (wroteDirect(padded, end)) {
                file.truncate(length);
                file.force(true);
                return length;
            }
        }
        flush();
        return bufferStart;
    }

    long entries() {
        return entries;
    }

    private void flush() throws IOException {
        if (direct == null || !wroteDirect(buffer.position() / block * block, buffer.position())) {
            buffer.flip();
            while (buffer.hasRemaining()) {
                bufferStart += file.write(buffer, bufferStart);
            }
            buffer.clear();
            file.force(false);
        }
        pause.after();
    }

    /**
     * Writes the buffer's first {@code bytes} (whole blocks) directly, and keeps the rest up to {@code end} (past it:
     * padding) at its start. Some file systems open a file for direct writes and then refuse the writes: refused at
     * the first one, the base goes through the page cache from there on, the buffer holding its records only, and
     * this answers false.
     */
    private boolean wroteDirect(int bytes, int end) throws IOException {
        int filled = buffer.position();
        ByteBuffer blocks = buffer.duplicate().position(0).limit(bytes);
        long position = bufferStart;
        try {
            while (blocks.hasRemaining()) {
                position += direct.write(blocks, position);
            }
        } catch (IOException e) {
            if (position > 0) {
                throw e;
            }
            LOG.debug("direct writes refused ({}): the base goes through the page cache", e.toString());
            direct.close();
            direct = null;
            buffer.limit(end).position(JournalFile.HEADER);
            buffer.compact();
            bufferStart = JournalFile.HEADER;
            return false;
        }
        bufferStart = position;
        buffer.limit(filled).position(bytes);
        buffer.compact();
        return true;
    }

    /** A buffer of at least {@code size} bytes that direct writes take: aligned, a whole number of blocks. */
    private ByteBuffer allocate(int size) {
        int blocks = (size + block - 1) / block;
        return ByteBuffer.allocateDirect((blocks + 1) * block)
                .alignedSlice(block)
                .limit(blocks * block)
                .slice();
    }

    @Override
    public void close() throws IOException {
        try (file) {
            if (direct != null) {
                direct.close();
            }
        }
    }
}
