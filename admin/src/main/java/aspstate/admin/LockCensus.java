package aspstate.admin;

import aspstate.core.Clock;
import aspstate.core.store.SessionStore;
import aspstate.core.store.SessionValue;

/**
 * How many sessions of a store are locked and how old the oldest lock is. Locks are not counted as they come and go
 * (a lock also ends with its session's expiry, which no request sees), so this counts them by visiting the store;
 * one count serves every scrape and dashboard poll within {@link #MAX_AGE_MILLIS}, so that the cost of a visit
 * (tens of milliseconds at a million sessions) is paid at most once a second.
 */
final class LockCensus {
    static final long MAX_AGE_MILLIS = 1_000;

    /** One visit's finding. */
    record Count(long locked, long oldestLockMillis) {
        double oldestLockSeconds() {
            return oldestLockMillis / 1000.0;
        }
    }

    private final SessionStore<? extends SessionValue<?>> store;
    private final Clock clock;
    /** The last visit's count, or null before the first. */
    private Count last;

    private long lastAtMillis;

    LockCensus(SessionStore<? extends SessionValue<?>> store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    synchronized Count count() {
        long now = clock.millis();
        if (last == null || now - lastAtMillis >= MAX_AGE_MILLIS) {
            last = visit(now);
            lastAtMillis = now;
        }
        return last;
    }

    private Count visit(long now) {
        long[] found = {0, Long.MAX_VALUE};
        store.forEach((key, session) -> {
                    if (session.locked()) {
                        found[0]++;
                        found[1] = Math.min(found[1], session.lockedAtMillis());
                    }
                })
                .toCompletableFuture()
                .join();
        return new Count(found[0], found[0] == 0 ? 0 : Math.max(0, now - found[1]));
    }
}
