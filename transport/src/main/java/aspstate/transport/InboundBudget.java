package aspstate.transport;

import aspstate.core.ByteSize;
import aspstate.core.store.MemoryBudget;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes that all connections together may hold of requests that have not arrived whole (a StateServer body, the
 * packets of a TDS message), as part of the memory budget the stores share: they are taken from it while held, so
 * what the process holds stays within {@code --max-memory} however many clients send large requests slowly. Its own
 * limit keeps partial requests from taking the whole budget from stored sessions.
 */
public final class InboundBudget {
    private final MemoryBudget memory;
    private final long limitBytes;
    private final AtomicLong heldBytes = new AtomicLong();

    /**
     * @param memory     the budget the stores share; partial requests take from it too
     * @param limitBytes what partial requests may hold together
     */
    public InboundBudget(MemoryBudget memory, long limitBytes) {
        if (limitBytes < 1) {
            throw new IllegalArgumentException("max-inbound must be at least 1 byte, got " + limitBytes);
        }
        this.memory = memory;
        this.limitBytes = limitBytes;
    }

    /** No limit but the given one, and no stores to share with: for tests and tools. */
    public static InboundBudget unshared(long limitBytes) {
        return new InboundBudget(new MemoryBudget(0), limitBytes);
    }

    /** Takes {@code bytes} for a partial request; false, and nothing taken, if either limit would be exceeded. */
    public boolean reserve(long bytes) {
        if (heldBytes.addAndGet(bytes) > limitBytes) {
            heldBytes.addAndGet(-bytes);
            return false;
        }
        if (!memory.reserve(bytes)) {
            heldBytes.addAndGet(-bytes);
            return false;
        }
        return true;
    }

    public void release(long bytes) {
        heldBytes.addAndGet(-bytes);
        memory.release(bytes);
    }

    public long heldBytes() {
        return heldBytes.get();
    }

    public long limitBytes() {
        return limitBytes;
    }

    /** Why a reservation was refused, for the log line of the connection it closes. */
    public String describe() {
        return "partial requests hold " + ByteSize.format(heldBytes()) + " of --max-inbound "
                + ByteSize.format(limitBytes) + "; stores and partial requests hold "
                + ByteSize.format(memory.usedBytes())
                + (memory.limitBytes() == 0 ? "" : " of --max-memory " + ByteSize.format(memory.limitBytes()));
    }
}
