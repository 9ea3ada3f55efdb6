package aspstate.store.journal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a new base from the stores' memory, in the background, then makes it the journal's base. It starts just
 * after a rotation, so every change since is in the new segment: each part of the table is copied at one instant,
 * which may already show some of those changes, and replaying the segment after the base brings each key to its
 * last state either way (a record holds the whole state of its key, or its metadata over the payload the key had).
 *
 * <p>It takes at most {@link CpuShare#SHARE} of a core.
 */
final class Rewrite implements Compaction {
    private static final Logger LOG = LoggerFactory.getLogger(Rewrite.class);
    private final Segments.Cut cut;
    private final Segments segments;
    private final Map<StoreKind, Snapshot> stores;
    private final JournalFormat format;
    private final Consumer<Boolean> ended;
    private final Thread thread;
    private volatile boolean cancelled;
    private BaseWriter base;
    private final CpuShare cpu = new CpuShare();

    Rewrite(
            Segments segments,
            Segments.Cut cut,
            Map<StoreKind, Snapshot> stores,
            JournalFormat format,
            Consumer<Boolean> ended) {
        this.segments = segments;
        this.cut = cut;
        this.stores = stores;
        this.format = format;
        this.ended = ended;
        this.thread = new Thread(this::run, "aspstate-journal-rewrite");
        this.thread.setDaemon(true);
        this.thread.setPriority(Thread.MIN_PRIORITY);
    }

    void start() {
        thread.start();
    }

    /** Stops the rewrite (the server is stopping) and waits for it; its base is not installed. */
    @Override
    public void cancel() {
        cancelled = true;
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        long started = System.nanoTime();
        boolean done = false;
        try {
            base = segments.newBase(
                    cut.base(),
                    new JournalFile.Header(JournalFile.Type.BASE, format.id(), cut.seq(), cut.baseNumber()),
                    format,
                    this::pause);
            cpu.begin();
            for (Map.Entry<StoreKind, Snapshot> store : stores.entrySet()) {
                copy(store.getKey(), store.getValue(), base);
            }
            long length = base.finish();
            base.close();
            if (cancelled) {
                throw new Compaction.Cancelled();
            }
            segments.install(cut, length);
            done = true;
            LOG.info(
                    "journal rewritten: a base of {} entries ({} bytes) in {} ms",
                    base.entries(),
                    length,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        } catch (Compaction.Cancelled e) {
            LOG.debug("journal rewrite cancelled");
        } catch (IOException | UncheckedIOException e) {
            LOG.warn(
                    "the journal rewrite failed ({}); the journal goes on without it and tries again later",
                    e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("the journal rewrite failed; the journal goes on without it and tries again later", e);
        } finally {
            if (!done) {
                discard();
            }
            ended.accept(done);
        }
    }

    private void copy(StoreKind kind, Snapshot store, BaseWriter base) {
        store.forEach((key, value) -> {
            if (cancelled) {
                throw new Compaction.Cancelled();
            }
            try {
                base.add(kind, key, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private void pause() {
        try {
            cpu.pause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Compaction.Cancelled();
        }
    }

    private void discard() {
        try {
            if (base != null) {
                base.close();
            }
            Files.deleteIfExists(cut.base());
        } catch (IOException e) {
            LOG.debug("could not delete the unfinished base {}: {}", cut.base(), e.toString());
        }
    }
}
