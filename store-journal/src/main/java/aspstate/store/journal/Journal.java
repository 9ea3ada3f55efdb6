package aspstate.store.journal;

import aspstate.core.RepeatedEventLog;
import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoreUnavailableException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The append-only journal every store's changes go to, with group commit: the event loops append records to a
 * buffer in memory, and everything appended since the last write goes to the segment in one system call.
 *
 * <p>With {@link Fsync#ALWAYS} one writer thread takes the batch, writes it, syncs it once and only then releases the
 * answers waiting for it; while one batch is being synced the next one fills, so the more requests arrive at once,
 * the more share a sync: the way Redis's {@code appendfsync always} writes a turn's commands once, with the sync off
 * the event loops as Valkey does. With {@link Fsync#EVERYSEC} and {@link Fsync#OFF} nothing waits for the disk, so
 * a record is copied straight into the mapped segment ({@link Mapping}) and its answer goes at once; where that
 * cannot be (the segment is full, or was not mapped), the event loop writes its turn itself at the end of the turn
 * and then answers, as Redis writes its buffer before sleeping: handing each batch to the writer and back cost a
 * quarter of a one-core server's throughput (measured in docs/benchmarks.md). A full segment is switched for the
 * one made ahead in memory, by the thread that appends ({@link Segments#switchInMemory}). The writer then only syncs
 * once a second, settles those switches and makes the next segment ahead ({@link Segments#settle}), starts the next
 * segment itself when a batch would not fit the current one and none is ready, starts rewrites, and retries what a
 * failing disk refused; a loop that finds the files busy with that leaves its turn to the writer.
 *
 * <p>A failed write or sync keeps the batch and its answers: the writer retries it (cutting the segment back to
 * where the batch began) until it goes through, and meanwhile every store refuses new changes
 * ({@link #refusal()}), so nothing is acknowledged that is not kept. Reads still answer.
 *
 * <p>The segments since the last base grow until {@link JournalSettings#rewriteThreshold}; then a {@link Rewrite}
 * writes a new base from memory in the background and the manifest drops what it replaces.
 */
public final class Journal implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Journal.class);
    private static final int INITIAL_BUFFER = 1 << 20;
    private static final long RETRY_MILLIS = 1_000;
    private static final long EVERYSEC_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** A rewrite that failed (a full disk) is tried again after this long, not after every batch. */
    private static final long REWRITE_RETRY_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Path directory;
    private final JournalSettings settings;
    private final JournalFormat format;
    private final RepeatedEventLog failures = new RepeatedEventLog(LOG);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    /** Records appended and not yet taken by the writer; guarded by {@link #lock}. */
    private ByteBuffer filling = ByteBuffer.allocateDirect(INITIAL_BUFFER);

    private ByteBuffer spare = ByteBuffer.allocateDirect(INITIAL_BUFFER);
    /** Answers waiting for records appended before the writer's next turn; guarded by {@link #lock}. */
    private List<Waiter> waiting = new ArrayList<>();

    private List<Waiter> spareWaiting = new ArrayList<>();
    private boolean writerWaiting;
    /** Why the writer stopped on a fault nobody expected, or null while it runs; guarded by {@link #lock}. */
    private StoreUnavailableException writerStopped;
    /** A thread's turn appended records or waits for them since the writer last looked; guarded by {@link #lock}. */
    private boolean woken;
    /**
     * The writer has something of its own to do (a switch to settle, a segment to make ahead, a sync or a rewrite
     * due), which hands over no records: a turn's records taken in the middle of it would go out in two writes.
     * Guarded by {@link #lock}.
     */
    private boolean nudged;

    /**
     * Records go straight into the mapped active segment ({@link Segments#mappedRoom}); guarded by {@link #lock}.
     * Only while nothing appended waits to be written ({@link #filling} is empty and no batch is out), so that the
     * records reach the segment in the order of their sequence numbers; whoever writes a batch turns it back on.
     */
    private boolean straight;

    private volatile boolean closing;
    /** The sequence number of the last record appended (written under {@link #lock}). */
    private volatile long appended;
    /** Every record up to this one is kept as {@code --fsync} promises. */
    private volatile long durable;
    /** Why changes are refused now, or null while the journal writes. */
    private volatile Refusal refusal;

    /** The files; written by whoever holds {@link #files}, and by a rewrite when it installs its base. */
    private final Segments segments;
    /**
     * Held while a batch is taken and written: by the writer thread, or by an event loop writing its own turn. One
     * holder at a time keeps the batches in the order they were taken.
     */
    private final ReentrantLock files = new ReentrantLock();
    /** A batch an event loop's write failed (a failing disk), retried by the writer first; guarded by {@link #files}. */
    private Batch failedBatch;
    /**
     * A batch was given up as the journal closed (its disk failing): nothing after it is written, since an answer
     * after it would say kept while its records are lost. Guarded by {@link #files}.
     */
    private boolean gaveUp;

    private final Thread writer;
    private long lastSyncNanos = System.nanoTime();
    /** Records were written since the last sync ({@link Fsync#EVERYSEC}); set by whoever writes, reset by the writer. */
    private volatile boolean unsynced;

    private volatile Rewrite rewrite;
    private volatile long nextRewriteNanos;
    /** After a failure to make or list the next segment, when to try again. */
    private long nextSettleNanos;
    /** The bytes of segments since the base past which a rewrite is due, as the base now is (set as it changes). */
    private volatile long rewriteAt;

    /** What a rewrite reads its base from; null until rewrites may run ({@link #rewriteFrom}). */
    private volatile Map<StoreKind, Snapshot> stores;

    private volatile TurnEnd turns = TurnEnd.NOW;
    /** Each thread's wake-up of the writer, scheduled at most once per turn of that thread. */
    private final ThreadLocal<Wake> wakes = ThreadLocal.withInitial(Wake::new);

    private final LongAdder batches = new LongAdder();
    private final LongAdder syncs = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder rewrites = new LongAdder();

    Journal(JournalSettings settings, JournalFormat format, Segments segments, long lastSeq) {
        this.directory = settings.directory();
        this.settings = settings;
        this.format = format;
        this.segments = segments;
        this.appended = lastSeq;
        this.durable = lastSeq;
        this.rewriteAt = settings.rewriteThreshold(segments.baseLength());
        this.writer = new Thread(this::writeLoop, "aspstate-journal-writer");
        this.writer.setDaemon(true);
        segments.whenSpareReady(this::nudgeWriter);
    }

    /**
     * Starts writing, and rewriting from {@code stores}; {@code turns} says when the writer is woken for what a thread
     * appended.
     */
    public void start(Map<StoreKind, Snapshot> stores, TurnEnd turns) {
        start(turns);
        rewriteFrom(stores);
    }

    /**
     * Starts writing, with no rewrite until {@link #rewriteFrom}: for stores that hold only part of what the journal
     * does until they are filled (a cluster node's caches, until its journal's entries are merged into the cluster). A
     * base read from them meanwhile would leave out entries only the journal holds, and drop the files that hold them.
     */
    public void start(TurnEnd turns) {
        this.turns = turns;
        files.lock();
        try {
            appendStraightIfClear();
        } finally {
            files.unlock();
        }
        writer.start();
    }

    /** Rewrites read their base from {@code stores} from now on; one due already starts at once. */
    public void rewriteFrom(Map<StoreKind, Snapshot> stores) {
        this.stores = Map.copyOf(stores);
        nudgeWriter();
    }

    /** Why changes are refused now (a full or failing disk), or null while the journal takes them. */
    Refusal refusal() {
        return refusal;
    }

    /** What changes are refused with now (a full or failing disk), or empty while the journal takes them. */
    public Optional<RuntimeException> refusedWith() {
        Refusal now = refusal;
        return now == null ? Optional.empty() : Optional.of(now.exception());
    }

    /** False while changes are refused: what the readiness probe asks. */
    public boolean healthy() {
        return refusal == null;
    }

    /** Appends a record of {@code key}'s new value; returns its sequence number, the ticket its answer waits for. */
    public long put(StoreKind store, String key, Object value) {
        return append(Records.PUT, store, key, value, true);
    }

    /** Appends a record of {@code key}'s deletion; returns its ticket. */
    public long delete(StoreKind store, String key) {
        return append(Records.DELETE, store, key, null, false);
    }

    /** Appends one record; returns its sequence number, the ticket its answer waits for. */
    long append(byte kind, StoreKind store, String key, Object value, boolean withPayload) {
        ValueCodec<Object> codec = format.codec(store);
        int size = Records.size(key, value == null ? 0 : codec.size(value, withPayload));
        long seq;
        boolean syncNowDue = false;
        boolean switched = false;
        lock.lock();
        try {
            seq = appended + 1;
            ByteBuffer mapped = straight ? segments.mappedRoom(size) : null;
            if (mapped == null && straight && segments.switchInMemory()) {
                // The segment is full: the next one was made ahead, and the writer settles the one left.
                switched = true;
                mapped = segments.mappedRoom(size);
            }
            if (mapped != null) {
                Records.write(mapped, seq, kind, store, key, value, codec, withPayload);
                segments.appendedMapped(mapped.position(), seq);
                appended = seq;
                // In the page cache now, as a write would have put it: nothing to hold the answer for.
                durable = seq;
                if (settings.fsync() == Fsync.EVERYSEC) {
                    syncNowDue = !unsynced;
                    unsynced = true;
                }
            } else {
                // The segment is full and none is ready ahead (not yet made, not mapped, or the last switch not yet
                // settled), or copying straight is off: this record and the ones after it go through a batch.
                straight = false;
                if (filling.remaining() < size) {
                    filling = grown(filling, size);
                }
                Records.write(filling, seq, kind, store, key, value, codec, withPayload);
                appended = seq;
            }
        } finally {
            lock.unlock();
        }
        if (syncNowDue || switched) {
            // The writer may wait with nothing to do: it now has a sync due within the second, or a switch to settle.
            nudgeWriter();
        } else if (durable < seq || rewriteMayBeDue()) {
            wakeWriterAtEndOfTurn();
        }
        return seq;
    }

    /**
     * Lets records go straight into the mapped segment again once nothing appended waits to be written; called by
     * the holder of {@link #files} after it wrote a batch or started a segment.
     */
    private void appendStraightIfClear() {
        lock.lock();
        try {
            // With --fsync always the records still go through batches: copied into mapped pages that each sync
            // cleans, the event loop's next stores fault on them, and that ran a quarter slower (docs/benchmarks.md).
            straight = settings.fsync() != Fsync.ALWAYS
                    && filling.position() == 0
                    && failedBatch == null
                    && refusal == null
                    && !closing
                    && segments.mapped();
        } finally {
            lock.unlock();
        }
    }

    /** Sends records through batches until {@link #appendStraightIfClear}: the segment is about to change. */
    private void appendThroughBatches() {
        lock.lock();
        try {
            straight = false;
        } finally {
            lock.unlock();
        }
    }

    private static ByteBuffer grown(ByteBuffer buffer, int room) {
        int capacity = buffer.capacity();
        while (capacity - buffer.position() < room) {
            capacity = Math.multiplyExact(capacity, 2);
        }
        ByteBuffer bigger = ByteBuffer.allocateDirect(capacity);
        bigger.put(buffer.flip());
        return bigger;
    }

    /**
     * The ticket of an answer that changed nothing: the last record appended, if it is not yet kept. While the
     * journal refuses changes, nothing: a read must still answer then, even though a batch waits to be retried.
     */
    long pending() {
        long last = appended;
        return last > durable && refusal == null ? last : 0;
    }

    /** Completes with {@code result} once every record up to {@code ticket} is kept as {@code --fsync} promises. */
    public <R> CompletionStage<R> whenDurable(long ticket, R result) {
        if (ticket <= durable) {
            return CompletableFuture.completedFuture(result);
        }
        Waiter waiter = new Waiter(ticket, result);
        lock.lock();
        try {
            if (ticket <= durable) {
                return CompletableFuture.completedFuture(result);
            }
            if (writerStopped != null) {
                return CompletableFuture.failedFuture(writerStopped);
            }
            waiting.add(waiter);
        } finally {
            lock.unlock();
        }
        wakeWriterAtEndOfTurn();
        @SuppressWarnings("unchecked")
        CompletionStage<R> answer = (CompletionStage<R>) waiter;
        return answer;
    }

    private void wakeWriterAtEndOfTurn() {
        Wake wake = wakes.get();
        if (!wake.scheduled) {
            wake.scheduled = true;
            wake.scheduling = true;
            try {
                turns.atEndOfTurn(wake);
            } catch (RuntimeException e) {
                // The thread's loop takes no more tasks (it is stopping): wake the writer now.
                wake.run();
            } finally {
                wake.scheduling = false;
            }
        }
    }

    /** Wakes the writer, if it waits, for everything a thread's turn appended. */
    private final class Wake implements Runnable {
        private boolean scheduled;
        /**
         * True while the wake-up is being scheduled: one that runs then runs at once (off an event loop), inside the
         * change that appended, where the answers a write would release must not run.
         */
        private boolean scheduling;

        @Override
        public void run() {
            scheduled = false;
            if (settings.fsync() == Fsync.ALWAYS || scheduling || !writtenHere() || rewriteDue()) {
                wakeWriter();
            }
        }
    }

    /** Wakes the writer, handing over what the threads' turns appended. */
    private void wakeWriter() {
        signalWriter(true);
    }

    /** Wakes the writer for work of its own ({@link #nudged}), handing over no records. */
    private void nudgeWriter() {
        signalWriter(false);
    }

    private void signalWriter(boolean handOver) {
        lock.lock();
        try {
            if (handOver) {
                woken = true;
            } else {
                nudged = true;
            }
            if (writerWaiting) {
                work.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Writes what was appended on the calling thread, where nothing waits for a sync: false when it is left to the
     * writer (the files are busy, the batch needs the next segment, the disk refuses writes, or the journal closes).
     */
    private boolean writtenHere() {
        if (refusal != null || !files.tryLock()) {
            return false;
        }
        Answers answers;
        try {
            if (closing || failedBatch != null) {
                return false;
            }
            Batch batch = take(true);
            if (batch == null) {
                return true;
            }
            if (batch == NO_ROOM) {
                return false;
            }
            try {
                segments.append(batch.records().duplicate(), batch.last());
            } catch (IOException e) {
                failed(e);
                keepForTheWriter(batch);
                return false;
            }
            if (settings.fsync() == Fsync.EVERYSEC && !unsynced) {
                unsynced = true;
                // The writer may wait with nothing to sync: it now has a sync due within the second.
                nudgeWriter();
            }
            answers = release(batch, true);
            appendStraightIfClear();
        } finally {
            files.unlock();
        }
        answers.complete();
        return true;
    }

    /** Parks a batch whose write failed, with its own buffer, for the writer to retry before anything else. */
    private void keepForTheWriter(Batch batch) {
        lock.lock();
        try {
            spare = ByteBuffer.allocateDirect(INITIAL_BUFFER);
        } finally {
            lock.unlock();
        }
        failedBatch = batch;
    }

    /** Records taken for one write, up to {@code last}, and the answers they release. */
    private record Batch(ByteBuffer records, long last, List<Waiter> waiters) {}

    /** What {@link #take} says when the records appended would not fit the segment's room. */
    private static final Batch NO_ROOM = new Batch(ByteBuffer.allocate(0), 0, List.of());

    /** An answer waiting for its ticket to be kept. */
    private static final class Waiter extends CompletableFuture<Object> {
        private final long ticket;
        private final Object result;

        Waiter(long ticket, Object result) {
            this.ticket = ticket;
            this.result = result;
        }
    }

    private void writeLoop() {
        try {
            while (turn()) {
                settleSegments();
                syncIfDue();
                maybeRewrite();
            }
        } catch (RuntimeException | Error e) {
            LOG.error("the journal writer stopped: writes are refused from now on", e);
            refusal = Refusal.of(new IOException("the journal writer stopped: " + e), directory);
            failEveryWaiter(new StoreUnavailableException("the journal writer stopped: " + e, e));
        }
    }

    /**
     * Fails the answers nobody will release now that the writer stopped: those waiting, and those of a batch taken
     * (held in the other list until released), so that their requests, and those of their sessions queued behind
     * them, end.
     */
    private void failEveryWaiter(StoreUnavailableException stopped) {
        List<Waiter> failing = new ArrayList<>();
        lock.lock();
        try {
            writerStopped = stopped;
            failing.addAll(waiting);
            failing.addAll(spareWaiting);
            waiting.clear();
            spareWaiting.clear();
        } finally {
            lock.unlock();
        }
        for (Waiter waiter : failing) {
            waiter.completeExceptionally(stopped);
        }
    }

    /**
     * One turn of the writer: waits for a thread's end of turn (or, with {@link Fsync#EVERYSEC}, until a sync is
     * due), then retries a batch an event loop could not write, takes what was appended, writes (and syncs) it and
     * releases its answers. False once closed.
     */
    private boolean turn() {
        lock.lock();
        try {
            if (!woken && !nudged && !closing) {
                awaitWork();
            }
            nudged = false;
            // Only a thread's end of turn (or the stop) hands over records: taking them whenever some are there would
            // write a turn in pieces, one sync each.
            if (!woken && !closing) {
                return true;
            }
            woken = false;
        } finally {
            lock.unlock();
        }
        Answers retried = Answers.NONE;
        Answers answers = Answers.NONE;
        Batch parked;
        Batch batch;
        files.lock();
        try {
            parked = failedBatch;
            if (parked != null) {
                failedBatch = null;
                retried = release(parked, writeKept(parked));
            }
            batch = take(false);
            if (batch != null) {
                answers = release(batch, writeKept(batch));
            }
            appendStraightIfClear();
        } finally {
            files.unlock();
        }
        retried.complete();
        answers.complete();
        // Stopping, the writer goes on until a turn finds nothing left.
        return !closing || parked != null || batch != null;
    }

    /**
     * Takes everything appended and the answers waiting (the caller holds {@link #files}); null when there is
     * neither, {@link #NO_ROOM} when {@code withinSegment} and the records would not fit the segment's room, which is
     * reckoned under {@link #lock}: records copied straight into the segment move its end until a record goes to
     * {@link #filling}.
     */
    private Batch take(boolean withinSegment) {
        lock.lock();
        try {
            if (filling.position() == 0 && waiting.isEmpty()) {
                return null;
            }
            if (withinSegment && filling.position() > segments.room()) {
                return NO_ROOM;
            }
            ByteBuffer batch = filling;
            filling = spare;
            spare = batch;
            List<Waiter> released = waiting;
            waiting = spareWaiting;
            spareWaiting = released;
            return new Batch(batch.flip(), appended, released);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Ends a batch written ({@code kept}) or given up as the journal closes (the caller holds {@link #files}): its
     * buffer and list go back for the next batch, and the answers it releases are returned, to be completed once
     * {@link #files} is let go, since an answer's completion runs the caller's code, which may append and write again.
     */
    private Answers release(Batch batch, boolean kept) {
        // Counted before the answers go: whoever got one sees its batch counted.
        batches.increment();
        List<Waiter> released = batch.waiters();
        if (kept) {
            durable = batch.last();
        } else {
            gaveUp = true;
        }
        // Failed with the batch too when it is given up: left waiting, a later batch would release them as kept.
        takeCoveredLateWaiters(batch.last(), released);
        Answers answers = new Answers(List.copyOf(released), kept);
        released.clear();
        batch.records().clear();
        return answers;
    }

    /** The answers a batch releases: with their results once it is kept, or failed as the journal closes. */
    private record Answers(List<Waiter> waiters, boolean kept) {
        static final Answers NONE = new Answers(List.of(), true);

        void complete() {
            if (kept) {
                for (Waiter waiter : waiters) {
                    waiter.complete(waiter.result);
                }
                return;
            }
            StoreUnavailableException stopped =
                    new StoreUnavailableException("the server is stopping and its journal cannot write", null);
            for (Waiter waiter : waiters) {
                waiter.completeExceptionally(stopped);
            }
        }
    }

    /**
     * Moves to {@code released} the answers that began waiting after their records were taken into this batch (the
     * writer took the batch between a request's append and its wait), so they go now, not a batch later.
     */
    private void takeCoveredLateWaiters(long last, List<Waiter> released) {
        lock.lock();
        try {
            for (Iterator<Waiter> each = waiting.iterator(); each.hasNext(); ) {
                Waiter waiter = each.next();
                if (waiter.ticket <= last) {
                    released.add(waiter);
                    each.remove();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits, under the lock, for a thread's end of turn, a nudge or the stop, or until a sync is due or a failed
     * settle is to be tried again (the nudge of a spare made during its wait was taken by a turn that skipped it).
     */
    private void awaitWork() {
        writerWaiting = true;
        try {
            while (!woken && !nudged && !closing) {
                long now = System.nanoTime();
                long left = Long.MAX_VALUE;
                if (unsynced) {
                    left = lastSyncNanos + EVERYSEC_NANOS - now;
                }
                if (segments.settleDue()) {
                    left = Math.min(left, nextSettleNanos - now);
                }
                if (left == Long.MAX_VALUE) {
                    work.await();
                } else if (work.awaitNanos(Math.max(1, left)) <= 0) {
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closing = true;
        } finally {
            writerWaiting = false;
        }
    }

    /**
     * Writes the batch at the end of the segment (and syncs it, for {@link Fsync#ALWAYS}), retrying until it goes
     * through; false only when the journal closes before it does.
     */
    private boolean writeKept(Batch batch) {
        if (gaveUp) {
            return false;
        }
        if (!batch.records().hasRemaining()) {
            return true;
        }
        while (true) {
            // Where the records went when the write went through but the sync failed: the retry writes over them.
            long written = -1;
            try {
                written = segments.append(batch.records().duplicate(), batch.last());
                if (settings.fsync() == Fsync.ALWAYS) {
                    segments.sync();
                    syncs.increment();
                } else if (settings.fsync() == Fsync.EVERYSEC) {
                    unsynced = true;
                }
                recovered();
                return true;
            } catch (IOException e) {
                failed(e);
                if (!awaitRetry()) {
                    return false;
                }
                if (written >= 0) {
                    segments.cutBack(written);
                }
            }
        }
    }

    /**
     * Settles a switch to the next segment, retrying until the segment left is synced (meanwhile changes are refused:
     * it may not be on disk), and makes the next segment ahead when none is. A failure to make it, or to write the
     * manifest that lists them (nothing is at risk then, {@link Segments.ListingFailed}), is tried again a second
     * later, and only refuses changes once a record needs the segment after.
     */
    private void settleSegments() {
        if (!segments.settleDue() || System.nanoTime() < nextSettleNanos) {
            return;
        }
        boolean left = segments.switchLeft();
        files.lock();
        try {
            boolean refused = false;
            while (true) {
                try {
                    segments.settle();
                    if (refused) {
                        // Only a refusal this set: one a write or sync set is cleared when that goes through.
                        recovered();
                    }
                    return;
                } catch (IOException e) {
                    if (!left || e instanceof Segments.ListingFailed) {
                        nextSettleNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS);
                        failures.occurred(
                                "{} attempt(s) to make or list the next segment of the journal in {} failed ({})",
                                directory,
                                Refusal.describe(e));
                        return;
                    }
                    failed(e);
                    refused = true;
                    if (!awaitRetry()) {
                        return;
                    }
                }
            }
        } finally {
            appendStraightIfClear();
            files.unlock();
        }
    }

    private void syncIfDue() {
        if (!unsynced || settings.fsync() != Fsync.EVERYSEC || System.nanoTime() - lastSyncNanos < EVERYSEC_NANOS) {
            return;
        }
        // Reset before the sync: a record an event loop writes while it runs may miss it, and is due for the next.
        unsynced = false;
        try {
            segments.sync();
            syncs.increment();
            lastSyncNanos = System.nanoTime();
            recovered();
        } catch (IOException e) {
            // Tried again at the next due time; meanwhile nothing more is taken.
            unsynced = true;
            failed(e);
            lastSyncNanos = System.nanoTime();
        }
    }

    private void failed(IOException e) {
        failed.increment();
        Refusal now = Refusal.of(e, directory);
        if (refusal == null) {
            LOG.error(
                    "the journal in {} cannot write ({}): refusing every change until it can; reads go on. "
                            + "Retrying every {} s",
                    directory,
                    now.reason(),
                    RETRY_MILLIS / 1000);
        } else {
            failures.occurred("{} more attempt(s) to write the journal in {} failed ({})", directory, now.reason());
        }
        refusal = now;
        // After the refusal: a holder of the files turning copying straight on again then sees it.
        appendThroughBatches();
    }

    private void recovered() {
        if (refusal != null) {
            LOG.info("the journal in {} writes again: changes are taken again", directory);
            refusal = null;
        }
    }

    /** Waits before retrying a failed write; false when the journal closes meanwhile. */
    private boolean awaitRetry() {
        lock.lock();
        try {
            long left = TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS);
            while (!closing && left > 0) {
                left = work.awaitNanos(left);
            }
            return !closing;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }

    /** Starts a rewrite when the segments since the base have grown past the threshold and none runs. */
    private void maybeRewrite() {
        if (!rewriteDue()) {
            return;
        }
        files.lock();
        try {
            boolean switched;
            lock.lock();
            try {
                // Records copied straight into the segment go on into the next one meanwhile.
                switched = segments.switchInMemory();
            } finally {
                lock.unlock();
            }
            if (!switched) {
                appendThroughBatches();
            }
            Segments.Cut started = segments.rotate(switched);
            Rewrite next = new Rewrite(segments, started, stores, format, this::rewriteEnded);
            rewrite = next;
            rewrites.increment();
            next.start();
        } catch (IOException e) {
            nextRewriteNanos = System.nanoTime() + REWRITE_RETRY_NANOS;
            failures.occurred(
                    "{} attempt(s) to start a rewrite of the journal in {} failed ({}); the next in 30 s",
                    directory,
                    Refusal.describe(e));
        } finally {
            appendStraightIfClear();
            files.unlock();
        }
    }

    /**
     * A cheap first look, for each record copied straight into the segment: the segments since the base may have
     * grown past the threshold and no rewrite runs. {@link #rewriteDue} decides, once a turn.
     */
    private boolean rewriteMayBeDue() {
        return rewrite == null && stores != null && segments.bytesSinceBase() >= rewriteAt;
    }

    private boolean rewriteDue() {
        return rewriteMayBeDue() && refusal == null && System.nanoTime() >= nextRewriteNanos;
    }

    private void rewriteEnded(boolean done) {
        if (!done) {
            nextRewriteNanos = System.nanoTime() + REWRITE_RETRY_NANOS;
        }
        rewriteAt = settings.rewriteThreshold(segments.baseLength());
        rewrite = null;
        if (done && rewriteMayBeDue()) {
            // The segments grew past the next threshold while it ran: no append may come to wake the writer.
            nudgeWriter();
        }
    }

    /** True while the writer has a switch to settle or a segment to make ahead, or is at it (for tests). */
    boolean settling() {
        return segments.settling();
    }

    /** Counters for metrics and tests. */
    public JournalStatistics statistics() {
        return new JournalStatistics(
                batches.sum(),
                syncs.sum(),
                failed.sum(),
                rewrites.sum(),
                segments.bytesSinceBase(),
                segments.baseLength(),
                rewrite != null,
                refusal == null);
    }

    /** Writes and syncs what was appended, whatever {@code --fsync} says, and closes the files. */
    @Override
    public void close() {
        lock.lock();
        try {
            closing = true;
            straight = false;
            work.signalAll();
        } finally {
            lock.unlock();
        }
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Rewrite running = rewrite;
        if (running != null) {
            running.cancel();
        }
        files.lock();
        try {
            segments.close(refusal == null);
        } finally {
            files.unlock();
        }
    }

    /** What {@link JournalLog} refuses changes with, and why. */
    record Refusal(RuntimeException exception, String reason) {
        static Refusal of(IOException cause, Path directory) {
            String reason = describe(cause);
            if (reason.contains("No space left") || reason.contains("quota")) {
                return new Refusal(
                        new StoreFullException("the disk of the journal (" + directory + ") is full: "
                                + "changes are refused until there is space again"),
                        reason);
            }
            return new Refusal(
                    new StoreUnavailableException("the journal (" + directory + ") cannot write: " + reason, null),
                    reason);
        }

        static String describe(IOException e) {
            return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
    }
}
