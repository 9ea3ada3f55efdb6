package aspstate.core.store;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes that several memory stores may hold together: one {@code --max-memory} for the whole process, however
 * many protocols keep sessions, so the limit still protects the heap when every protocol is in use.
 */
public final class MemoryBudget {
    private final long limitBytes;
    private final AtomicLong usedBytes = new AtomicLong();

    /** @param limitBytes bytes the stores may hold together; 0 means no limit */
    public MemoryBudget(long limitBytes) {
        if (limitBytes < 0) {
            throw new IllegalArgumentException("max-memory must be >= 0 (0 = no limit), got " + limitBytes);
        }
        this.limitBytes = limitBytes;
    }

    /** Takes {@code delta} bytes (a negative delta gives bytes back); false, and nothing taken, if over the limit. */
    public boolean reserve(long delta) {
        if (delta <= 0 || limitBytes == 0) {
            usedBytes.addAndGet(delta);
            return true;
        }
        if (usedBytes.addAndGet(delta) > limitBytes) {
            usedBytes.addAndGet(-delta);
            return false;
        }
        return true;
    }

    public void release(long bytes) {
        account(-bytes);
    }

    /**
     * Takes or gives back {@code delta} bytes whatever the limit: for a store that has counted what it actually holds
     * (data another node placed here is held whether or not it fits).
     */
    public void account(long delta) {
        usedBytes.addAndGet(delta);
    }

    public long limitBytes() {
        return limitBytes;
    }

    public long usedBytes() {
        return usedBytes.get();
    }
}
