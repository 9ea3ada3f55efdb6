package aspstate.admin;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ManualClock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.Outcome;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LockCensusTest {
    private final ManualClock clock = new ManualClock(1_000_000);
    private final MemorySessionStore<SessionEntry> store =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(0));

    private void put(String id, boolean locked, long lockedAt) throws Exception {
        SessionEntry entry = new SessionEntry(new byte[1], 20, clock.millis() + 1_200_000, locked, lockedAt, 2, false);
        store.execute(id, (current, now) -> Outcome.put(entry, null))
                .toCompletableFuture()
                .get(5, TimeUnit.SECONDS);
    }

    @Test
    void countsTheLockedSessionsAndTheAgeOfTheOldestLock() throws Exception {
        put("a", true, clock.millis() - 30_000);
        put("b", true, clock.millis() - 5_000);
        put("c", false, 0);

        LockCensus.Count count = new LockCensus(store, clock).count();

        assertThat(count.locked()).isEqualTo(2);
        assertThat(count.oldestLockSeconds()).isEqualTo(30.0);
    }

    @Test
    void oneVisitServesEveryAskWithinASecond() throws Exception {
        LockCensus census = new LockCensus(store, clock);
        assertThat(census.count().locked()).isZero();
        put("a", true, clock.millis());

        assertThat(census.count().locked())
                .as("the count of the visit a moment ago")
                .isZero();
        clock.advance(Duration.ofMillis(LockCensus.MAX_AGE_MILLIS));
        assertThat(census.count().locked()).isEqualTo(1);
    }

    @Test
    void noLockIsZeroSeconds() {
        assertThat(new LockCensus(store, clock).count()).isEqualTo(new LockCensus.Count(0, 0));
    }
}
