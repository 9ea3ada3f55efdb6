package aspstate.store.journal;

import aspstate.core.RepeatedEventLog;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Segment files made ahead, in the background: {@link #CAPACITY} bytes of zeros, written and synced, under a name of
 * their own ({@code spare-*.tmp}) until a segment takes one. Writing records over space a file already has makes a
 * sync write the records only; appending to a file that grows makes every sync also commit the file's new size to
 * the file system's own journal, several times slower (measured in docs/benchmarks.md).
 *
 * <p>The segments a rewrite drops are used again ({@link #reuse}) before any is made: writing 16 MiB of zeros into
 * new pages of the page cache took more of a busy one-core server than every other part of the journal's writing
 * together (docs/benchmarks.md), while a dropped segment already has its space and its pages. The records it held
 * stay past those written into it; their sequence numbers, older than the segment's own, tell them apart
 * ({@link Replay}).
 */
final class Spares implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Spares.class);
    /** A segment's size; a segment is closed and the next one started once its records would pass it. */
    static final long CAPACITY = 16L << 20;

    private static final int ZEROS = 1 << 20;
    private static final long RETRY_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Path directory;
    private final FileOpener files;
    private final RepeatedEventLog failures = new RepeatedEventLog(LOG);
    private final Thread maker;
    private volatile Path ready;
    /** Segments a rewrite dropped, renamed as spares, to be made ready before any new one is made. */
    private final Deque<Path> reusable = new ConcurrentLinkedDeque<>();

    private volatile boolean closed;
    private final Runnable onReady;

    /** @param ready run on the spares' thread each time a spare is ready to be taken */
    Spares(Path directory, FileOpener files, Runnable ready) {
        this.directory = directory;
        this.files = files;
        this.onReady = ready;
        this.maker = new Thread(this::make, "aspstate-journal-spares");
        this.maker.setDaemon(true);
        this.maker.setPriority(Thread.MIN_PRIORITY);
        this.maker.start();
    }

    static boolean isSpare(Path file) {
        return file.getFileName().toString().matches("spare-\\d+\\.tmp");
    }

    /** True when a made spare waits to be taken. */
    boolean ready() {
        return ready != null;
    }

    /** A made spare, taken (the caller renames it), or null when none is ready yet. */
    Path take() {
        Path taken = ready;
        ready = null;
        LockSupport.unpark(maker);
        return taken;
    }

    /**
     * Keeps {@code dropped}, segments no manifest names any more, to become the next segments. At most as many are
     * kept as a rewrite dropped (a rewrite threshold's worth), and the segments written before the next rewrite take
     * them first, so the journal's files take no more room than before the rewrite; the rest are deleted.
     */
    void reuse(List<Path> dropped) {
        for (Path segment : dropped) {
            Path spare = newName();
            try {
                Files.move(segment, spare, StandardCopyOption.ATOMIC_MOVE);
                reusable.add(spare);
            } catch (IOException e) {
                LOG.debug("could not keep {} for reuse: {}", segment, e.toString());
                deleteQuietly(segment);
            }
        }
        while (reusable.size() > dropped.size()) {
            Path extra = reusable.pollFirst();
            if (extra != null) {
                deleteQuietly(extra);
            }
        }
        LockSupport.unpark(maker);
    }

    private Path newName() {
        return directory.resolve("spare-" + Math.abs(ThreadLocalRandom.current().nextLong()) + ".tmp");
    }

    /** Makes one spare at a time, once the last one was taken: a segment a rewrite dropped, else a new file. */
    private void make() {
        while (!closed) {
            if (ready != null) {
                LockSupport.park(this);
                continue;
            }
            Path reused = reusable.pollFirst();
            Path spare = reused != null ? reused : newName();
            try {
                if (reused != null) {
                    zerosUpTo(files, spare, CAPACITY);
                } else {
                    zeros(files, spare, CAPACITY);
                }
                ready = spare;
                onReady.run();
            } catch (IOException e) {
                deleteQuietly(spare);
                failures.occurred(
                        "{} attempt(s) to make a segment ahead in {} failed ({}): segments grow as they are "
                                + "written, and syncs are slower; the next in 30 s",
                        directory,
                        DataDirectoryException.cause(e));
                LockSupport.parkNanos(this, RETRY_NANOS);
            }
        }
    }

    /** A new file of {@code size} zero bytes, on disk (data and directory entry). */
    static void zeros(FileOpener files, Path file, long size) throws IOException {
        try (FileChannel channel = files.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            fill(channel, 0, size);
        }
        Manifest.syncDirectory(file.getParent());
    }

    /** Makes a file {@code size} bytes long, on disk, its bytes past its end now zeros. */
    private static void zerosUpTo(FileOpener files, Path file, long size) throws IOException {
        try (FileChannel channel = files.open(file, StandardOpenOption.WRITE)) {
            fill(channel, channel.size(), size);
        }
    }

    private static void fill(FileChannel channel, long from, long size) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect(ZEROS);
        for (long position = from; position < size; ) {
            zeros.clear().limit((int) Math.min(ZEROS, size - position));
            position += channel.write(zeros, position);
        }
        channel.force(true);
    }

    private void deleteQuietly(Path file) {
        try {
            Mapping.delete(file);
        } catch (IOException e) {
            LOG.debug("could not delete {}: {}", file, e.toString());
        }
    }

    /** Stops making spares and deletes the one not taken. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(maker);
        try {
            maker.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Path left = ready;
        if (left != null) {
            deleteQuietly(left);
        }
        for (Path kept = reusable.pollFirst(); kept != null; kept = reusable.pollFirst()) {
            deleteQuietly(kept);
        }
    }
}
