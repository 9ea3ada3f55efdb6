package aspstate.store.journal;

import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoreUnavailableException;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pass of log cleaning: drops the journal's oldest files once every key whose last full record is in them has
 * been logged again. The key's current value is logged from memory under the key's own lock ({@link KeyAccess}), so
 * it is ordered with the key's changes; a key that has no value any more (expired) is forgotten instead. Once those
 * records are on disk (synced, whatever {@code --fsync} says) the manifest drops the files.
 *
 * <p>Under a load that rewrites sessions, nearly every record of the oldest files is dead by then, so a pass writes
 * a small share of what a new base of every live session writes: the rewrites this replaces took about half of what
 * {@code --fsync everysec} costs (docs/benchmarks.md). Replay needs no change for it: a metadata record whose key
 * has no value yet (its full record was in a dropped file) is passed over, and the record logged again comes later.
 *
 * <p>It takes at most {@link CpuShare#SHARE} of a core.
 */
final class Cleaning implements Compaction {
    private static final Logger LOG = LoggerFactory.getLogger(Cleaning.class);
    /** Keys logged again between two wake-ups of the writer (and two pauses), about a megabyte of 1 KiB sessions. */
    private static final int KEYS_PER_STRETCH = 1_000;

    private final Journal journal;
    private final Segments segments;
    private final Segments.Oldest oldest;
    private final LiveRecords live;
    private final Map<StoreKind, KeyAccess> stores;
    private final Consumer<Boolean> ended;
    private final Thread thread;
    private final CpuShare cpu = new CpuShare();
    private volatile boolean cancelled;
    private int visited;
    private int relogged;

    Cleaning(
            Journal journal,
            Segments segments,
            Segments.Oldest oldest,
            LiveRecords live,
            Map<StoreKind, KeyAccess> stores,
            Consumer<Boolean> ended) {
        this.journal = journal;
        this.segments = segments;
        this.oldest = oldest;
        this.live = live;
        this.stores = stores;
        this.ended = ended;
        this.thread = new Thread(this::run, "aspstate-journal-cleaning");
        this.thread.setDaemon(true);
        this.thread.setPriority(Thread.MIN_PRIORITY);
    }

    void start() {
        thread.start();
    }

    /** Stops the pass (the server is stopping) and waits for it; the files stay. */
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
            cpu.begin();
            live.forEachAtOrBefore(oldest.last(), this::relog);
            journal.wakeWriter();
            awaitKept(journal.lastAppended());
            journal.sync();
            segments.drop(oldest);
            done = true;
            LOG.debug(
                    "journal cleaned: {} file(s) of {} bytes dropped, {} of {} key(s) in them logged again, in {} ms",
                    oldest.files().size(),
                    oldest.bytes(),
                    relogged,
                    visited,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        } catch (Compaction.Cancelled e) {
            LOG.debug("journal cleaning cancelled");
        } catch (IOException e) {
            LOG.warn(
                    "the journal cleaning failed ({}); the journal goes on without it and tries again later",
                    Journal.Refusal.describe(e));
        } catch (StoreFullException | StoreUnavailableException e) {
            // The journal refuses changes (a full or failing disk): its own log lines say so.
            LOG.debug("journal cleaning stopped: {}", e.toString());
        } catch (RuntimeException e) {
            LOG.error("the journal cleaning failed; the journal goes on without it and tries again later", e);
        } finally {
            ended.accept(done);
        }
    }

    private void relog(StoreKind kind, String key) {
        if (cancelled) {
            throw new Compaction.Cancelled();
        }
        stores.get(kind).inOrder(key, value -> {
            if (value == null) {
                journal.forget(kind, key, oldest.last());
            } else if (journal.relog(kind, key, value, oldest.last())) {
                relogged++;
            }
        });
        if (++visited % KEYS_PER_STRETCH == 0) {
            journal.wakeWriter();
            try {
                cpu.pause();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Compaction.Cancelled();
            }
        }
    }

    /** Waits until the journal has written every record up to {@code ticket}; stops if the pass is cancelled. */
    private void awaitKept(long ticket) throws IOException {
        var kept = journal.whenDurable(ticket, null).toCompletableFuture();
        while (true) {
            if (cancelled) {
                throw new Compaction.Cancelled();
            }
            try {
                kept.get(100, TimeUnit.MILLISECONDS);
                return;
            } catch (TimeoutException e) {
                // Checks for the stop again.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Compaction.Cancelled();
            } catch (ExecutionException e) {
                throw new IOException("the journal could not write the records logged again", e.getCause());
            }
        }
    }
}
