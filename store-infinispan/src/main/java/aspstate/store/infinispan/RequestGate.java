package aspstate.store.infinispan;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * Lets requests into the stores until the node is about to stop with the whole cluster; then refuses new ones and
 * waits for those under way, so that the file stores can be written from memory with nothing changing meanwhile.
 */
final class RequestGate {
    private final LongAdder inFlight = new LongAdder();
    private volatile boolean closed;

    /** False when closed: the request must not start. Every true must be followed by one {@link #exit()}. */
    boolean enter() {
        inFlight.increment();
        if (closed) {
            inFlight.decrement();
            return false;
        }
        return true;
    }

    void exit() {
        inFlight.decrement();
    }

    /** Refuses new requests and waits (bounded) until none is under way. */
    void closeAndDrain(Duration limit) {
        closed = true;
        long deadline = System.nanoTime() + limit.toNanos();
        while (inFlight.sum() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
