package aspstate.core.store;

import aspstate.core.ByteSize;
import aspstate.core.Clock;
import aspstate.core.FatalErrors;
import aspstate.core.RepeatedEventLog;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default store: a concurrent hash map with per-bin locking (no global lock), mutations run inline on the
 * caller's thread, and a background reaper that frees expired entries in bounded batches, the way Redis's active
 * expiry does, so memory comes back even for sessions nobody asks for again.
 */
public final class MemorySessionStore<V extends StoredValue> implements SessionStore<V> {
    private static final Logger LOG = LoggerFactory.getLogger(MemorySessionStore.class);

    private final ConcurrentHashMap<String, Slot<V>> entries = new ConcurrentHashMap<>();
    private final ExpirySchedule schedule = new ExpirySchedule();
    private final Clock clock;
    private final MemoryStoreSettings settings;
    /** The reaper thread this store made for itself, or null when it ticks on one shared with other stores. */
    private final ScheduledExecutorService ownReaper;
    private final ScheduledFuture<?> reaperTicks;

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
        this(clock, settings, budget, newReaper(), true);
    }

    /**
     * A store whose reaper ticks on {@code reaper}, shared with other stores (a server makes one for all of them);
     * closing the store stops its ticks, and the caller shuts the reaper down once every store is closed.
     */
    public MemorySessionStore(Clock clock, MemoryStoreSettings settings, MemoryBudget budget,
                              ScheduledExecutorService reaper) {
        this(clock, settings, budget, reaper, false);
    }

    private MemorySessionStore(Clock clock, MemoryStoreSettings settings, MemoryBudget budget,
                               ScheduledExecutorService reaper, boolean ownsReaper) {
        this.clock = clock;
        this.settings = settings;
        this.budget = budget;
        this.ownReaper = ownsReaper ? reaper : null;
        this.reaperTicks = reaper.scheduleWithFixedDelay(this::reapSafely, settings.reaperTickMillis(),
                settings.reaperTickMillis(), TimeUnit.MILLISECONDS);
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
            entries.compute(key, execution);
        } catch (RuntimeException e) {
            // A failing mutation is a bug, but callers only look at the stage: report it there, not as a throw.
            return CompletableFuture.failedFuture(e);
        }
        if (execution.refusal != null) {
            return CompletableFuture.failedFuture(execution.refusal);
        }
        return CompletableFuture.completedFuture(execution.result);
    }

    /** One run of a mutation inside the map's per-key lock; carries the result out of the lambda. */
    private final class Execution<R> implements BiFunction<String, Slot<V>, Slot<V>> {
        private final Mutation<V, R> mutation;
        private final long now;
        private R result;
        private StoreFullException refusal;

        Execution(Mutation<V, R> mutation, long now) {
            this.mutation = mutation;
            this.now = now;
        }

        @Override
        public Slot<V> apply(String key, Slot<V> slot) {
            boolean expiredNow = slot != null && slot.value.isExpiredAt(now);
            V current = slot == null || expiredNow ? null : slot.value;
            Outcome<V, R> outcome = mutation.apply(current, now);
            if (expiredNow) {
                // Accounted only after the mutation returned: if it throws, compute() keeps the slot as it was.
                release(key, slot.value);
                expired.increment();
            }
            result = outcome.result();
            switch (outcome.change()) {
                case KEEP:
                    return expiredNow ? null : slot;
                case DELETE:
                    if (current != null) {
                        release(key, current);
                        removed.increment();
                    }
                    return null;
                case PUT:
                    return put(key, expiredNow ? null : slot, outcome.value());
                default:
                    throw new IllegalStateException("unknown change " + outcome.change());
            }
        }

        private Slot<V> put(String key, Slot<V> slot, V value) {
            long oldSize = slot == null ? 0 : entrySize(key, slot.value);
            if (!reserve(entrySize(key, value) - oldSize)) {
                refusal = new StoreFullException("storing " + key.length() + "+" + value.sizeInBytes()
                        + " bytes would exceed max-memory (" + budget.limitBytes() + " bytes)");
                warnFull();
                return slot;
            }
            if (slot == null) {
                created.increment();
                slot = new Slot<>(value);
            } else {
                slot.value = value;
            }
            long due = ExpirySchedule.bucketFor(value.expiresAtMillis());
            // Only an earlier due time needs filing now; a later one is re-filed when the old bucket comes due.
            if (due < slot.scheduledBucket) {
                slot.scheduledBucket = due;
                schedule.add(due, key);
            }
            return slot;
        }
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

    private void release(String key, StoredValue value) {
        long bytes = entrySize(key, value);
        budget.release(bytes);
        storedBytes.addAndGet(-bytes);
    }

    private void warnFull() {
        fullWarning.occurred("store full: refused {} write(s) that would exceed max-memory={} bytes (stored {} "
                + "bytes); raise --max-memory or lower session sizes", budget.limitBytes(), budget.usedBytes());
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
        entries.computeIfPresent(key, (k, slot) -> {
            if (slot.scheduledBucket != bucket) {
                return slot; // filed again elsewhere since: this reference is stale
            }
            if (slot.value.isExpiredAt(now)) {
                release(k, slot.value);
                expired.increment();
                return null;
            }
            long due = ExpirySchedule.bucketFor(slot.value.expiresAtMillis());
            slot.scheduledBucket = due;
            if (due != ExpirySchedule.UNSCHEDULED) {
                schedule.add(due, k);
            }
            return slot;
        });
    }

    @Override
    public CompletionStage<Void> forEach(BiConsumer<String, V> visitor) {
        long now = clock.millis();
        entries.forEach((key, slot) -> {
            V value = slot.value;
            if (!value.isExpiredAt(now)) {
                visitor.accept(key, value);
            }
        });
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public StoreStatistics statistics() {
        return new StoreStatistics(entries.mappingCount(), created.sum(), expired.sum(), removed.sum(),
                storedBytes.get());
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

    /** The map's value: the stored value plus the expiry bucket it is filed in. Only touched under the key's lock. */
    private static final class Slot<V> {
        V value;
        long scheduledBucket = ExpirySchedule.UNSCHEDULED;

        Slot(V value) {
            this.value = value;
        }
    }
}
