package aspstate.core.corecache;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.corecache.CacheResult.Failure;
import aspstate.core.corecache.CacheStatement.DeleteCacheItem;
import aspstate.core.corecache.CacheStatement.DeleteExpiredCacheItem;
import aspstate.core.corecache.CacheStatement.GetCacheItem;
import aspstate.core.corecache.CacheStatement.RefreshCacheItem;
import aspstate.core.corecache.CacheStatement.SetCacheItem;
import aspstate.core.store.Outcome;
import aspstate.core.store.Outcome.Change;
import org.junit.jupiter.api.Test;

/** The cache statements on one row, as their T-SQL computes them; times in ticks of 100 ns. */
class CacheSemanticsTest {
    private static final long SECOND = SqlTime.TICKS_PER_SECOND;
    /** 2024-01-01T00:00:00Z plus a fraction, so that second boundaries matter. */
    private static final long T = 1_704_067_200L * SECOND + 3_000_000;

    private static final byte[] VALUE = {2, 0, 0, 1, 9};

    private static Outcome<CacheEntry, CacheResult> run(CacheStatement statement, CacheEntry entry) {
        return statement.apply(entry, 0);
    }

    private static CacheEntry sliding(long seconds, long expires, Long absolute) {
        return new CacheEntry(VALUE, expires, seconds, absolute);
    }

    @Test
    void aSetInsertsWithExpiryNowPlusTheSlidingSecondsAndASecondSetUpdates() {
        Outcome<CacheEntry, CacheResult> inserted = run(new SetCacheItem(VALUE, 1200L, null, T), null);
        Outcome<CacheEntry, CacheResult> updated = run(new SetCacheItem(VALUE, 60L, null, T), inserted.value());

        assertThat(inserted.change()).isEqualTo(Change.PUT);
        assertThat(inserted.result().inserted()).isTrue();
        assertThat(inserted.result().affectedRows()).isZero();
        assertThat(inserted.value())
                .usingRecursiveComparison()
                .isEqualTo(new CacheEntry(VALUE, T + 1200 * SECOND, 1200L, null));
        assertThat(updated.result().affectedRows()).isOne();
        assertThat(updated.result().inserted()).isFalse();
        assertThat(updated.value().expiresAtTicks()).isEqualTo(T + 60 * SECOND);
    }

    @Test
    void aSetWithoutSlidingExpiresAtTheAbsoluteExpirationEvenWhenASlidingOneWouldBeLater() {
        CacheEntry onlyAbsolute =
                run(new SetCacheItem(VALUE, null, T + 5 * SECOND, T), null).value();
        // The Set does not cap the sliding expiration; only a read's renewal does.
        CacheEntry both =
                run(new SetCacheItem(VALUE, 20L, T + 5 * SECOND, T), null).value();

        assertThat(onlyAbsolute.expiresAtTicks()).isEqualTo(T + 5 * SECOND);
        assertThat(both.expiresAtTicks()).isEqualTo(T + 20 * SECOND);
    }

    @Test
    void aSetWithNeitherExpirationOrWithoutUtcNowIsError515AndChangesNothing() {
        CacheEntry existing = sliding(20, T + 20 * SECOND, null);

        Outcome<CacheEntry, CacheResult> neither = run(new SetCacheItem(VALUE, null, null, T), existing);
        Outcome<CacheEntry, CacheResult> noNow = run(new SetCacheItem(VALUE, 20L, null, null), null);

        assertThat(neither.change()).isEqualTo(Change.KEEP);
        assertThat(neither.result().failure()).isEqualTo(Failure.EXPIRES_AT_TIME_NULL);
        assertThat(noNow.result().failure()).isEqualTo(Failure.EXPIRES_AT_TIME_NULL);
    }

    @Test
    void aGetRenewsTheSlidingExpirationAndReturnsTheValue() {
        Outcome<CacheEntry, CacheResult> get =
                run(new GetCacheItem(T + 10 * SECOND), sliding(20, T + 20 * SECOND, null));

        assertThat(get.change()).isEqualTo(Change.PUT);
        assertThat(get.value().expiresAtTicks()).isEqualTo(T + 30 * SECOND);
        assertThat(get.result().affectedRows()).isOne();
        assertThat(get.result().value()).isEqualTo(VALUE);
    }

    @Test
    void aRefreshRenewsWithoutSelecting() {
        Outcome<CacheEntry, CacheResult> refresh = run(new RefreshCacheItem(T), sliding(20, T + SECOND, null));

        assertThat(refresh.value().expiresAtTicks()).isEqualTo(T + 20 * SECOND);
        assertThat(refresh.result().affectedRows()).isOne();
        assertThat(refresh.result().value()).isNull();
    }

    @Test
    void anEntryIsReturnedAtItsExpiryInstantAndNeverAfter() {
        CacheEntry entry = sliding(20, T, null);

        Outcome<CacheEntry, CacheResult> atExpiry = run(new GetCacheItem(T), entry);
        Outcome<CacheEntry, CacheResult> after = run(new GetCacheItem(T + 1), entry);

        assertThat(atExpiry.result().value()).isEqualTo(VALUE);
        assertThat(after.change()).isEqualTo(Change.KEEP);
        assertThat(after.result().affectedRows()).isZero();
        assertThat(after.result().value()).isNull();
    }

    @Test
    void theRenewalIsCappedByTheAbsoluteExpirationOnceItIsWithinTheSlidingSeconds() {
        CacheEntry entry =
                run(new SetCacheItem(VALUE, 10L, T + 15 * SECOND, T), null).value();

        CacheEntry renewed = run(new GetCacheItem(T + 3 * SECOND), entry).value();
        Outcome<CacheEntry, CacheResult> capped = run(new GetCacheItem(T + 8 * SECOND), renewed);
        Outcome<CacheEntry, CacheResult> pinned = run(new GetCacheItem(T + 9 * SECOND), capped.value());
        Outcome<CacheEntry, CacheResult> past = run(new GetCacheItem(T + 15 * SECOND + 1), capped.value());

        assertThat(renewed.expiresAtTicks()).as("15 s away is more than 10").isEqualTo(T + 13 * SECOND);
        assertThat(capped.value().expiresAtTicks()).isEqualTo(T + 15 * SECOND);
        assertThat(pinned.change())
                .as("already at the absolute expiration: no row updated")
                .isEqualTo(Change.KEEP);
        assertThat(pinned.result().value()).isEqualTo(VALUE);
        assertThat(past.result().value()).isNull();
    }

    @Test
    void theCapCountsSecondBoundariesAsDatediffDoes() {
        long now = T - 3_000_000 + 9_000_000; // .9 s past a second
        long absolute = now + 10 * SECOND + 2_000_000; // 10.2 s later, 11 boundaries away
        CacheEntry entry = sliding(11, now + SECOND, absolute);

        assertThat(run(new GetCacheItem(now), entry).value().expiresAtTicks()).isEqualTo(absolute);
        assertThat(run(new GetCacheItem(now), sliding(10, now + SECOND, absolute))
                        .value()
                        .expiresAtTicks())
                .isEqualTo(now + 10 * SECOND);
    }

    @Test
    void anAbsoluteExpirationOnlyEntryIsNeverRenewed() {
        CacheEntry entry = new CacheEntry(VALUE, T + 5 * SECOND, null, T + 5 * SECOND);

        Outcome<CacheEntry, CacheResult> get = run(new GetCacheItem(T), entry);

        assertThat(get.change()).isEqualTo(Change.KEEP);
        assertThat(get.result().value()).isEqualTo(VALUE);
    }

    @Test
    void overflowsAreSqlServersErrorsAndChangeNothing() {
        CacheEntry farAbsolute = sliding(20, T + SECOND, T + 70L * 365 * 86_400 * SECOND);
        CacheEntry nearTheEnd = sliding(20, SqlTime.MAX_TICKS - 5 * SECOND, null);

        assertThat(run(new GetCacheItem(T), farAbsolute).result().failure()).isEqualTo(Failure.DATEDIFF_OVERFLOW);
        assertThat(run(new GetCacheItem(SqlTime.MAX_TICKS - 10 * SECOND), nearTheEnd)
                        .result()
                        .failure())
                .isEqualTo(Failure.DATEADD_OUT_OF_RANGE);
        assertThat(run(new SetCacheItem(VALUE, 3_000_000_000L, null, T), null)
                        .result()
                        .failure())
                .isEqualTo(Failure.DATEADD_NUMBER_OVERFLOW);
        assertThat(run(new GetCacheItem(T), farAbsolute).change()).isEqualTo(Change.KEEP);
    }

    @Test
    void withoutUtcNowAReadFindsNothing() {
        Outcome<CacheEntry, CacheResult> get = run(new GetCacheItem(null), sliding(20, T, null));

        assertThat(get.change()).isEqualTo(Change.KEEP);
        assertThat(get.result()).isEqualTo(CacheResult.NO_ROW);
    }

    @Test
    void deletesCountTheRowTheyRemove() {
        CacheEntry entry = sliding(20, T, null);

        assertThat(run(new DeleteCacheItem(), entry).change()).isEqualTo(Change.DELETE);
        assertThat(run(new DeleteCacheItem(), entry).result().affectedRows()).isOne();
        assertThat(run(new DeleteCacheItem(), null).result().affectedRows()).isZero();
        assertThat(run(new DeleteExpiredCacheItem(T), entry).change())
                .as("not yet past")
                .isEqualTo(Change.KEEP);
        assertThat(run(new DeleteExpiredCacheItem(T + 1), entry).change()).isEqualTo(Change.DELETE);
        assertThat(run(new DeleteExpiredCacheItem(null), entry).change()).isEqualTo(Change.KEEP);
    }

    @Test
    void theStoreExpiresAnEntryTheMillisecondAfterItsLastReturnableInstant() {
        long onAMillisecond = 1_700_000_000_123L * SqlTime.TICKS_PER_MILLISECOND;

        assertThat(sliding(1, onAMillisecond, null).expiresAtMillis()).isEqualTo(1_700_000_000_124L);
        assertThat(sliding(1, onAMillisecond + 1, null).expiresAtMillis()).isEqualTo(1_700_000_000_124L);
        assertThat(sliding(1, onAMillisecond - 1, null).expiresAtMillis()).isEqualTo(1_700_000_000_123L);
    }

    @Test
    void theStatementsAreNamedAsTheLibrarysOperations() {
        assertThat(new GetCacheItem(T).operation()).isEqualTo("GetCacheItem");
        assertThat(new SetCacheItem(VALUE, 1L, null, T).operation()).isEqualTo("SetCacheItem");
    }
}
