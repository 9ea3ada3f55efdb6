package aspstate.store.journal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
 * <p>It takes at most {@link #CPU_SHARE} of a core: after each stretch of work it pauses in proportion, so the event
 * loops on a busy single core keep nearly all of it.
 */
final class Rewrite {
    private static final Logger LOG = LoggerFactory.getLogger(Rewrite.class);
    /** The share of one core a rewrite takes at most. */
    static final double CPU_SHARE = 0.25;

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private final Segments.Cut cut;
    private final Segments segments;
    private final Map<StoreKind, Snapshot> stores;
    private final JournalFormat format;
    private final Consumer<Boolean> ended;
    private final Thread thread;
    private volatile boolean cancelled;
    private BaseWriter base;
    /** The rewrite thread's CPU time when its current stretch of work began. */
    private long workStartedCpuNanos;

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
    void cancel() {
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
            workStartedCpuNanos = CPU.getCurrentThreadCpuTime();
            for (Map.Entry<StoreKind, Snapshot> store : stores.entrySet()) {
                copy(store.getKey(), store.getValue(), base);
            }
            long length = base.finish();
            base.close();
            if (cancelled) {
                throw new CancelledException();
            }
            segments.install(cut, length);
            done = true;
            LOG.info(
                    "journal rewritten: a base of {} entries ({} bytes) in {} ms",
                    base.entries(),
                    length,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        } catch (CancelledException e) {
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
                throw new CancelledException();
            }
            try {
                base.add(kind, key, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * Pauses so that the work so far took at most {@link #CPU_SHARE} of the time. The CPU it used is what counts, not
     * the time it waited for the disk: waits take nothing from the event loops.
     */
    private void pause() {
        long worked = CPU.getCurrentThreadCpuTime() - workStartedCpuNanos;
        try {
            TimeUnit.NANOSECONDS.sleep((long) (worked * (1 / CPU_SHARE - 1)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        }
        workStartedCpuNanos = CPU.getCurrentThreadCpuTime();
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

    /** The rewrite stops: the server is stopping. */
    private static final class CancelledException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CancelledException() {
            super(null, null, false, false);
        }
    }
}
