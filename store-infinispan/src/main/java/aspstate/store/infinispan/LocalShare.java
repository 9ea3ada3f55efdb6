package aspstate.store.infinispan;

import aspstate.core.store.MemoryBudget;
import aspstate.core.store.StoredValue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * This node's part of one store: what it did (entries it created, expired, removed) and the bytes it holds against
 * the process's {@code --max-memory} budget. The bytes are recounted from the node's own data every
 * {@link Sweep} pass, so they follow whatever the cluster moved here or away; between passes, writes this node
 * makes adjust them at once, so that a burst of new sessions cannot run far past the limit before the next count.
 */
final class LocalShare {
    enum Event {
        CREATED,
        EXPIRED,
        REMOVED
    }

    private final MemoryBudget budget;
    private final int entryOverheadBytes;
    /** This store's bytes as the budget knows them: the last count plus the writes made here since. */
    private final AtomicLong heldBytes = new AtomicLong();

    private final LongAdder created = new LongAdder();
    private final LongAdder expired = new LongAdder();
    private final LongAdder removed = new LongAdder();
    private volatile long primaryEntries;
    private volatile long primaryBytes;
    /** The totals this node had published before it (re)started; the adders count from there. */
    private final NodeCounters base;

    LocalShare(MemoryBudget budget, int entryOverheadBytes, NodeCounters base) {
        this.budget = budget;
        this.entryOverheadBytes = entryOverheadBytes;
        this.base = base;
    }

    /** Bytes an entry counts for: key, value and the per-entry overhead, as the memory store counts them. */
    long size(String key, StoredValue value) {
        return key.length() + value.sizeInBytes() + entryOverheadBytes;
    }

    /** Takes {@code delta} bytes from the budget (a negative delta gives bytes back); false if over the limit. */
    boolean reserve(long delta) {
        if (!budget.reserve(delta)) {
            return false;
        }
        heldBytes.addAndGet(delta);
        return true;
    }

    void release(long bytes) {
        budget.release(bytes);
        heldBytes.addAndGet(-bytes);
    }

    long limitBytes() {
        return budget.limitBytes();
    }

    void counted(Event event) {
        switch (event) {
            case CREATED:
                created.increment();
                break;
            case EXPIRED:
                expired.increment();
                break;
            case REMOVED:
                removed.increment();
                break;
            default:
                throw new IllegalStateException("unknown event " + event);
        }
    }

    /** The result of a count of this node's data: replaces the running estimate. */
    void recounted(long held, long primaryEntries, long primaryBytes) {
        long before = heldBytes.getAndSet(held);
        budget.account(held - before);
        this.primaryEntries = primaryEntries;
        this.primaryBytes = primaryBytes;
    }

    /** This node's counters now, as published for the others. */
    NodeCounters snapshot() {
        return new NodeCounters(
                base.created() + created.sum(),
                base.expired() + expired.sum(),
                base.removed() + removed.sum(),
                primaryEntries,
                primaryBytes,
                heldBytes.get());
    }

    /** Gives this store's bytes back to the budget when the store stops. */
    void releaseAll() {
        budget.account(-heldBytes.getAndSet(0));
    }
}
