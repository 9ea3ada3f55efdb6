package aspstate.core;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that only moves when told to: for tests, and for tools that replay time. Thread-safe. */
public final class ManualClock implements Clock {
    private final AtomicLong now;

    public ManualClock(long startMillis) {
        this.now = new AtomicLong(startMillis);
    }

    @Override
    public long millis() {
        return now.get();
    }

    public void advance(Duration by) {
        now.addAndGet(by.toMillis());
    }

    public void set(long millis) {
        now.set(millis);
    }
}
