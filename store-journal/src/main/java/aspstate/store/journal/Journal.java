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
 * buffer in memory (never touching the disk), and one writer thread takes everything appended since its last turn,
 * writes it with one system call, syncs it once ({@link Fsync#ALWAYS}) and only then releases the answers waiting
 * for it. While one batch is being synced the next one fills, so the more requests arrive at once, the more share a
 * sync: the way Redis's {@code appendfsync always} writes a turn's commands once, with the sync off the event loops
 * as Valkey does.
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
    /** A thread's turn appended records or waits for them since the writer last looked; guarded by {@link #lock}. */
    private boolean woken;

    private boolean closing;
    /** The sequence number of the last record appended (written under {@link #lock}). */
    private volatile long appended;
    /** Every record up to this one is kept as {@code --fsync} promises. */
    private volatile long durable;
    /** Why changes are refused now, or null while the journal writes. */
    private volatile Refusal refusal;

    /** The files; touched by the writer thread, and by a rewrite when it installs its base. */
    private final Segments segments;

    private final Thread writer;
    private long lastSyncNanos = System.nanoTime();
    private boolean unsynced;
    private volatile Rewrite rewrite;
    private long nextRewriteNanos;
    private Map<StoreKind, Snapshot> stores = Map.of();
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
        this.writer = new Thread(this::writeLoop, "aspstate-journal-writer");
        this.writer.setDaemon(true);
    }

    /**
     * Starts writing; {@code stores} are what a rewrite reads its base from, {@code turns} when the writer is woken
     * for what a thread appended.
     */
    public void start(Map<StoreKind, Snapshot> stores, TurnEnd turns) {
        this.stores = Map.copyOf(stores);
        this.turns = turns;
        writer.start();
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
        lock.lock();
        try {
            if (filling.remaining() < size) {
                filling = grown(filling, size);
            }
            seq = appended + 1;
            Records.write(filling, seq, kind, store, key, value, codec, withPayload);
            appended = seq;
        } finally {
            lock.unlock();
        }
        wakeWriterAtEndOfTurn();
        return seq;
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
            try {
                turns.atEndOfTurn(wake);
            } catch (RuntimeException e) {
                // The thread's loop takes no more tasks (it is stopping): wake the writer now.
                wake.run();
            }
        }
    }

    /** Wakes the writer, if it waits, for everything a thread's turn appended. */
    private final class Wake implements Runnable {
        private boolean scheduled;

        @Override
        public void run() {
            scheduled = false;
            lock.lock();
            try {
                woken = true;
                if (writerWaiting) {
                    work.signal();
                }
            } finally {
                lock.unlock();
            }
        }
    }

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
                syncIfDue();
                maybeRewrite();
            }
        } catch (RuntimeException | Error e) {
            LOG.error("the journal writer stopped: writes are refused from now on", e);
            refusal = Refusal.of(new IOException("the journal writer stopped: " + e), directory);
        }
    }

    /**
     * One batch: takes what was appended, writes and syncs it, releases its answers. Waits for something to do
     * first, or (with {@link Fsync#EVERYSEC}) until a sync is due. False once closed.
     */
    private boolean turn() {
        ByteBuffer batch;
        List<Waiter> released;
        long last;
        lock.lock();
        try {
            if (filling.position() == 0 && waiting.isEmpty()) {
                if (!closing) {
                    awaitWork();
                }
                if (filling.position() == 0 && waiting.isEmpty()) {
                    return !closing;
                }
            }
            batch = filling;
            filling = spare;
            spare = batch;
            released = waiting;
            waiting = spareWaiting;
            spareWaiting = released;
            last = appended;
        } finally {
            lock.unlock();
        }
        batch.flip();
        boolean kept = !batch.hasRemaining() || writeKept(batch, last);
        batch.clear();
        if (kept) {
            durable = last;
            takeCoveredLateWaiters(last, released);
            for (Waiter waiter : released) {
                waiter.complete(waiter.result);
            }
        } else {
            StoreUnavailableException stopped =
                    new StoreUnavailableException("the server is stopping and its " + "journal cannot write", null);
            for (Waiter waiter : released) {
                waiter.completeExceptionally(stopped);
            }
        }
        released.clear();
        batches.increment();
        return true;
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

    /** Waits, under the lock, for a record or an answer to wait for, or until a sync is due. */
    private void awaitWork() {
        writerWaiting = true;
        try {
            // Only a wake-up or the stop ends the wait (or, with an everysec sync due, its time): a spurious return
            // of the condition's wait would write half of a turn's records.
            while (!woken && !closing) {
                if (unsynced) {
                    if (work.awaitNanos(Math.max(1, lastSyncNanos + EVERYSEC_NANOS - System.nanoTime())) <= 0) {
                        break;
                    }
                } else {
                    work.await();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closing = true;
        } finally {
            writerWaiting = false;
            woken = false;
        }
    }

    /**
     * Writes the batch at the end of the segment (and syncs it, for {@link Fsync#ALWAYS}), retrying until it goes
     * through; false only when the journal closes before it does.
     */
    private boolean writeKept(ByteBuffer batch, long last) {
        long start = segments.length();
        while (true) {
            try {
                segments.append(batch.duplicate(), last);
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
                segments.cutBack(start);
            }
        }
    }

    private void syncIfDue() {
        if (!unsynced || settings.fsync() != Fsync.EVERYSEC || System.nanoTime() - lastSyncNanos < EVERYSEC_NANOS) {
            return;
        }
        try {
            segments.sync();
            syncs.increment();
            unsynced = false;
            lastSyncNanos = System.nanoTime();
            recovered();
        } catch (IOException e) {
            // Tried again at the next due time; meanwhile nothing more is taken.
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
            failures.occurred(
                    "the journal in {} still cannot write ({}): {} more failed attempt(s)", directory, now.reason());
        }
        refusal = now;
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
        if (rewrite != null
                || refusal != null
                || System.nanoTime() < nextRewriteNanos
                || segments.bytesSinceBase() < settings.rewriteThreshold(segments.baseLength())) {
            return;
        }
        try {
            Segments.Cut started = segments.rotate();
            Rewrite next = new Rewrite(segments, started, stores, format, this::rewriteEnded);
            rewrite = next;
            rewrites.increment();
            next.start();
        } catch (IOException e) {
            nextRewriteNanos = System.nanoTime() + REWRITE_RETRY_NANOS;
            failures.occurred(
                    "could not start a rewrite of the journal in {} ({}); {} attempt(s), next in 30 s",
                    directory,
                    Refusal.describe(e));
        }
    }

    private void rewriteEnded(boolean done) {
        if (!done) {
            nextRewriteNanos = System.nanoTime() + REWRITE_RETRY_NANOS;
        }
        rewrite = null;
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
        segments.close(refusal == null);
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
