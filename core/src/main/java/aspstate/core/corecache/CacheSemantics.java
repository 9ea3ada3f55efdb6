package aspstate.core.corecache;

import aspstate.core.corecache.CacheResult.Failure;
import aspstate.core.store.Outcome;

/**
 * The rules of the cache statements (docs/spec/aspnetcore-sql-cache.md) as pure functions of (entry or null,
 * parameters). Each follows its T-SQL: a NULL in a comparison makes it unknown (no row matches), a sliding renewal is
 * capped by the absolute expiration only when a read renews it, and a Get returns the Value only while
 * {@code @UtcNow <= ExpiresAtTime} after that renewal, so an expired entry is never returned. An error leaves the
 * entry as it was.
 */
final class CacheSemantics {
    private CacheSemantics() {}

    /**
     * The UPDATE of a Get or Refresh: an entry with a sliding expiration that is not yet expired and not already
     * pinned to its absolute expiration gets ExpiresAtTime = the absolute expiration when that is at most the
     * sliding seconds away (DATEDIFF counts second boundaries), else now + the sliding seconds. Then, for a Get,
     * the SELECT.
     */
    static Outcome<CacheEntry, CacheResult> read(CacheEntry entry, Long now, boolean selectValue) {
        if (entry == null || now == null) {
            return Outcome.keep(CacheResult.NO_ROW);
        }
        Long sliding = entry.slidingExpirationSeconds();
        Long absolute = entry.absoluteExpirationTicks();
        boolean renews = now <= entry.expiresAtTicks()
                && sliding != null
                && (absolute == null || absolute != entry.expiresAtTicks());
        CacheEntry after = entry;
        if (renews) {
            long expires;
            Integer untilAbsolute = absolute == null ? null : SqlTime.dateDiffSeconds(now, absolute);
            if (absolute != null && untilAbsolute == null) {
                return Outcome.keep(CacheResult.failed(Failure.DATEDIFF_OVERFLOW));
            }
            if (untilAbsolute != null && untilAbsolute <= sliding) {
                expires = absolute;
            } else {
                Failure failure = dateAddFailure(sliding, now);
                if (failure != null) {
                    return Outcome.keep(CacheResult.failed(failure));
                }
                expires = SqlTime.dateAddSeconds(sliding, now);
            }
            after = entry.expiringAt(expires);
        }
        byte[] value = selectValue && now <= after.expiresAtTicks() ? after.value() : null;
        CacheResult result = new CacheResult(null, renews ? 1 : 0, false, value);
        return renews ? Outcome.put(after, result) : Outcome.keep(result);
    }

    /**
     * The Set: {@code @ExpiresAtTime} is the absolute expiration without a sliding one, else
     * DATEADD(SECOND, sliding, @UtcNow); then the row is updated, or inserted when there is none.
     */
    static Outcome<CacheEntry, CacheResult> set(
            CacheEntry current, byte[] value, Long sliding, Long absolute, Long now) {
        Long expires;
        if (sliding == null) {
            expires = absolute;
        } else {
            Failure failure = now == null ? null : dateAddFailure(sliding, now);
            if (failure != null) {
                return Outcome.keep(CacheResult.failed(failure));
            }
            expires = now == null ? null : SqlTime.dateAddSeconds(sliding, now);
        }
        if (expires == null) {
            return Outcome.keep(CacheResult.failed(Failure.EXPIRES_AT_TIME_NULL));
        }
        CacheEntry entry = new CacheEntry(value, expires, sliding, absolute);
        return Outcome.put(entry, current == null ? CacheResult.INSERTED : CacheResult.ONE_ROW);
    }

    /** DeleteExpiredCacheItems' condition, {@code @UtcNow > ExpiresAtTime}. */
    static boolean expired(CacheEntry entry, Long now) {
        return entry != null && now != null && now > entry.expiresAtTicks();
    }

    private static Failure dateAddFailure(long seconds, long ticks) {
        if (!SqlTime.fitsDateAdd(seconds)) {
            return Failure.DATEADD_NUMBER_OVERFLOW;
        }
        return SqlTime.dateAddSeconds(seconds, ticks) == null ? Failure.DATEADD_OUT_OF_RANGE : null;
    }
}
