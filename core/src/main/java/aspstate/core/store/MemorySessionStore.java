package aspstate.core.store;

import aspstate.core.ByteSize;
import aspstate.core.Clock;
import aspstate.core.FatalErrors;
import aspstate.core.RepeatedEventLog;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default store: a {@link SessionTable} with a lock per segment (no global lock), mutations run inline on the
 * caller's thread, and a background reaper that frees expired entries in bounded batches, the way Redis's active
 * expiry does, so memory comes back even for sessions nobody asks for again.
 *
 * <p>With a {@link ChangeLog} (a journal, {@code --data-dir}), every change is also logged under the key's lock, in
 * the order it is made, and the answer waits until the log has kept it; reads still never leave memory.
 */
public final class MemorySessionStore<V extends StoredValue> implements SessionStore<V> {
    private static final Logger LOG = LoggerFactory.getLogger(MemorySessionStore.class);

    /** An entry's mark in the table: the bucket it is filed in, or {@link #UNFILED}; see {@link #markOf}. */
    private static final int UNFILED = Integer.MAX_VALUE;

    private final SessionTable<V> entries = new SessionTable<>();
    private final ExpirySchedule schedule = new ExpirySchedule();
    /** The second that marks count from. */
    private final long originSecond;

    private final Clock clock;
    private final MemoryStoreSettings settings;
    /** The reaper thread this store made for itself, or null when it ticks on one shared with other stores. */
    private final ScheduledExecutorService ownReaper;

    private final ScheduledFuture<?> reaperTicks;
    private final ChangeLog<V> changes;

    /** This store's own bytes, for its statistics; the limit is checked against the (maybe shared) budget. */
    private final AtomicLong storedBytes = new AtomicLong();

    private final MemoryBudget budget;
    private final LongAdder created = new LongAdder();
    private final LongAdder expired = new LongAdder();
    private final LongAdder removed = new LongAdder();
    private final RepeatedEventLog fullWarning = new RepeatedEventLog(LOG);

    /** Keys of a partly reaped bucket, kept between ticks so each tick's work stays bounded. */
    private ExpirySchedule.Due reaping;

    private int reapingIndex;

    /** A store with a memory budget of its own, {@code settings.maxMemoryBytes()}. */
    public MemorySessionStore(Clock clock, MemoryStoreSettings settings) {
        this(clock, settings, new MemoryBudget(settings.maxMemoryBytes()));
    }

    /**
     * A store that shares {@code budget} with other stores; the budget's limit applies to all of them together
     * (and {@code settings.maxMemoryBytes()} is not used).
     */
    public MemorySessionStore(Clock clock, MemoryStoreSettings settings, MemoryBudget budget) {
        this(clock, settings, budget, newReaper(), true, ChangeLog.none());
    }

    /**
     * A store whose reaper ticks on {@code reaper}, shared with other stores (a server makes one for all of them);
     * closing the store stops its ticks, and the caller shuts the reaper down once every store is closed.
     */
    public MemorySessionStore(
            Clock clock, MemoryStoreSettings settings, MemoryBudget budget, ScheduledExecutorService reaper) {
        this(clock, settings, budget, reaper, false, ChangeLog.none());
    }

    /** A store as {@link #MemorySessionStore(Clock, MemoryStoreSettings, MemoryBudget, ScheduledExecutorService)}
     * whose changes are logged to {@code changes} before they are answered. */
    public MemorySessionStore(
            Clock clock,
            MemoryStoreSettings settings,
            MemoryBudget budget,
            ScheduledExecutorService reaper,
            ChangeLog<V> changes) {
        this(clock, settings, budget, reaper, false, changes);
    }

    private MemorySessionStore(
            Clock clock,
            MemoryStoreSettings settings,
            MemoryBudget budget,
            ScheduledExecutorService reaper,
            boolean ownsReaper,
            ChangeLog<V> changes) {
        this.clock = clock;
        this.changes = changes;
        this.originSecond = Math.floorDiv(clock.millis(), 1000);
        this.settings = settings;
        this.budget = budget;
        this.ownReaper = ownsReaper ? reaper : null;
        this.reaperTicks = reaper.scheduleWithFixedDelay(
                this::reapSafely, settings.reaperTickMillis(), settings.reaperTickMillis(), TimeUnit.MILLISECONDS);
    }

    /** The thread expiry reapers tick on: one per process, or one per store made without it. */
    public static ScheduledExecutorService newReaper() {
        return Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "aspstate-expiry-reaper");
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public <R> CompletionStage<R> execute(String key, Mutation<V, R> mutation) {
        Execution<R> execution = new Execution<>(mutation, clock.millis());
        try {
            entries.access(key, execution);
        } catch (RuntimeException e) {
            // A failing mutation is a bug, but callers only look at the stage: report it there, not as a throw.
            return CompletableFuture.failedFuture(e);
        }
        if (execution.refused != null) {
            // Made here, not under the segment's lock: a client can make a full store refuse as often as it likes.
            warnFull();
            return CompletableFuture.failedFuture(new StoreFullException("storing " + key.length() + "+"
                    + execution.refused.sizeInBytes() + " bytes would exceed max-memory (" + budget.limitBytes()
                    + " bytes)"));
        }
        if (execution.ticket == ChangeLog.NOTHING) {
            return CompletableFuture.completedFuture(execution.result);
        }
        return changes.whenDurable(execution.ticket, execution.result);
    }

    /**
     * Puts a value read back from the log at start, before the store serves: not logged again, counted against the
     * memory budget like any write. An expired value is left out.
     *
     * @throws StoreFullException when the value does not fit the memory budget
     */
    public void restore(String key, V value) {
        Restoring restoring = new Restoring(value, clock.millis());
        entries.access(key, restoring);
        if (restoring.refused) {
            throw new StoreFullException("restoring " + key.length() + "+" + value.sizeInBytes() + " bytes would "
                    + "exceed max-memory (" + budget.limitBytes() + " bytes)");
        }
    }

    /** One restored entry: what {@link Execution} does for a PUT, without logging it. */
    private final class Restoring extends SessionTable.EntryAccess<V> {
        private final V value;
        private final long now;
        private boolean refused;

        Restoring(V value, long now) {
            this.value = value;
            this.now = now;
        }

        @Override
        protected void run() {
            if (value.isExpiredAt(now)) {
                return;
            }
            boolean fresh = !present();
            if (!reserve(entrySize(key(), value) - (fresh ? 0 : entrySize(key(), value())))) {
                refused = true;
                return;
            }
            if (fresh) {
                created.increment();
            }
            put(value, filed(key(), value, fresh ? UNFILED : mark()));
        }
    }

    /**
     * An expiry bucket as an entry's mark: seconds from the store's start, which fit an int for 68 years either
     * way (further out they are clamped, so a bucket that far away may be filed late or examined twice).
     */
    private int markOf(long bucket) {
        if (bucket == ExpirySchedule.UNSCHEDULED) {
            return UNFILED;
        }
        return (int) Math.max(Integer.MIN_VALUE, Math.min(UNFILED - 1L, bucket - originSecond));
    }

    /** One run of a mutation under the lock of the key's segment in the table; carries the result out. */
    private final class Execution<R> extends SessionTable.EntryAccess<V> {
        private final Mutation<V, R> mutation;
        private final long now;
        private R result;
        /** What the answer waits for in the change log. */
        private long ticket = ChangeLog.NOTHING;
        /** The value the memory budget refused, if it did. */
        private V refused;

        Execution(Mutation<V, R> mutation, long now) {
            this.mutation = mutation;
            this.now = now;
        }

        @Override
        protected void run() {
            V stored = value();
            boolean expiredNow = stored != null && stored.isExpiredAt(now);
            V current = expiredNow ? null : stored;
            Outcome<V, R> outcome = mutation.apply(current, now);
            if (expiredNow) {
                // Accounted only after the mutation returned: if it throws, the entry stays as it was.
                release(key(), stored);
                expired.increment();
            }
            result = outcome.result();
            switch (outcome.change()) {
                case KEEP:
                    ticket = changes.pending();
                    if (expiredNow) {
                        remove();
                    }
                    break;
                case DELETE:
                    if (current != null) {
                        // If the log refuses the delete, it throws before anything changed.
                        ticket = changes.delete(key(), current);
                        release(key(), current);
                        removed.increment();
                    } else {
                        ticket = changes.pending();
                    }
                    remove();
                    break;
                case PUT:
                    store(outcome.value(), expiredNow);
                    break;
                default:
                    throw new IllegalStateException("unknown change " + outcome.change());
            }
        }

        /** Puts the value unless the memory budget refuses it; an entry that has just expired counts as absent. */
        private void store(V value, boolean replacesExpired) {
            boolean fresh = !present() || replacesExpired;
            String key = key();
            long growth = entrySize(key, value) - (fresh ? 0 : entrySize(key, value()));
            if (!reserve(growth)) {
                refused = value;
                if (replacesExpired) {
                    remove();
                }
                return;
            }
            try {
                ticket = changes.put(key, fresh ? null : value(), value, mutation.acquiresLock());
            } catch (RuntimeException e) {
                unreserve(growth);
                if (replacesExpired) {
                    remove();
                }
                throw e;
            }
            if (fresh) {
                created.increment();
            }
            put(value, filed(key, value, fresh ? UNFILED : mark()));
        }
    }

    /**
     * The mark of an entry filed at {@code mark} once it holds {@code value}: only an earlier due time needs filing
     * now; a later one is re-filed when the old bucket comes due.
     */
    private int filed(String key, StoredValue value, int mark) {
        long due = ExpirySchedule.bucketFor(value.expiresAtMillis());
        int dueMark = markOf(due);
        if (dueMark < mark) {
            schedule.add(due, key);
            return dueMark;
        }
        return mark;
    }

    private long entrySize(String key, StoredValue value) {
        return key.length() + value.sizeInBytes() + settings.entryOverheadBytes();
    }

    private boolean reserve(long delta) {
        if (delta == 0) {
            // Most requests keep the entry's size (a read slides its expiry, a page writes back a session of the
            // same size): an atomic add of 0 would still take the shared counters' cache lines from other cores.
            return true;
        }
        if (!budget.reserve(delta)) {
            return false;
        }
        storedBytes.addAndGet(delta);
        return true;
    }

    private void unreserve(long delta) {
        if (delta != 0) {
            budget.release(delta);
            storedBytes.addAndGet(-delta);
        }
    }

    private void release(String key, StoredValue value) {
        long bytes = entrySize(key, value);
        budget.release(bytes);
        storedBytes.addAndGet(-bytes);
    }

    private void warnFull() {
        fullWarning.occurred(
                "store full: refused {} write(s) that would exceed max-memory={} bytes (stored {} "
                        + "bytes); raise --max-memory or lower session sizes",
                budget.limitBytes(),
                budget.usedBytes());
    }

    private void reapSafely() {
        try {
            reapExpired(settings.reaperBatch());
        } catch (Throwable e) {
            // A failed tick must not stop the ticks (an exception would cancel them silently): the next one tries
            // again, unless the process cannot go on.
            FatalErrors.exitIfFatal(e, "the expiry reaper", "of a memory store");
            if (!FatalErrors.isFatal(e)) {
                LOG.error("expiry reaper tick failed", e);
            }
        }
    }

    /**
     * Examines at most {@code budget} keys from due buckets, removing those that have expired and re-filing those
     * whose expiry was extended since they were filed. Runs on the reaper thread; public for tests and tools that
     * drive time by hand.
     *
     * @return the number of keys examined
     */
    public synchronized int reapExpired(int budget) {
        int examined = 0;
        long now = clock.millis();
        while (examined < budget) {
            if (reaping == null) {
                reaping = schedule.pollDue(now);
                reapingIndex = 0;
                if (reaping == null) {
                    break;
                }
            }
            String[] keys = reaping.keys();
            while (reapingIndex < keys.length && examined < budget) {
                reapKey(keys[reapingIndex], reaping.bucket(), now);
                keys[reapingIndex++] = null;
                examined++;
            }
            if (reapingIndex == keys.length) {
                reaping = null;
            }
        }
        return examined;
    }

    private void reapKey(String key, long bucket, long now) {
        entries.access(key, new Reaping(bucket, now));
    }

    /** The reaper's look at one key filed in a due bucket. */
    private final class Reaping extends SessionTable.EntryAccess<V> {
        private final long bucket;
        private final long now;

        Reaping(long bucket, long now) {
            this.bucket = bucket;
            this.now = now;
        }

        @Override
        protected void run() {
            if (!present() || mark() != markOf(bucket)) {
                return; // gone, or filed again elsewhere since: this reference is stale
            }
            V value = value();
            if (value.isExpiredAt(now)) {
                release(key(), value);
                expired.increment();
                remove();
                return;
            }
            long due = ExpirySchedule.bucketFor(value.expiresAtMillis());
            setMark(markOf(due));
            if (due != ExpirySchedule.UNSCHEDULED) {
                schedule.add(due, key());
            }
        }
    }

    @Override
    public CompletionStage<Void> forEach(BiConsumer<String, V> visitor) {
        long now = clock.millis();
        entries.forEach((key, value) -> {
            if (!value.isExpiredAt(now)) {
                visitor.accept(key, value);
            }
        });
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public StoreStatistics statistics() {
        return new StoreStatistics(entries.size(), created.sum(), expired.sum(), removed.sum(), storedBytes.get());
    }

    @Override
    public String describe() {
        long limit = budget.limitBytes();
        return "memory (max-memory " + (limit == 0 ? "unlimited" : ByteSize.format(limit)) + ")";
    }

    /** Due buckets not yet reaped; for tests. */
    int scheduledBuckets() {
        return schedule.bucketCount();
    }

    @Override
    public void close() {
        reaperTicks.cancel(false);
        if (ownReaper != null) {
            ownReaper.shutdownNow();
        }
    }
}
