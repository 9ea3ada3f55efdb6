package aspstate.core.corecache;

import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;

/**
 * The statements of ASP.NET Core's distributed SQL Server cache (Microsoft.Extensions.Caching.SqlServer) on one
 * entry, one record each, named as the library's operations. A record holds the statement's parameters except @Id,
 * which is the store key, and is itself the {@link Mutation} the store runs for that key; the rules are in
 * {@link CacheSemantics}.
 *
 * <p>{@code utcNowTicks} is the client's @UtcNow; null stands for a NULL parameter, which makes every comparison with
 * it unknown, as in SQL.
 */
public sealed interface CacheStatement extends Mutation<CacheEntry, CacheResult> {

    @Override
    default String operation() {
        return getClass().getSimpleName();
    }

    /** The UPDATE that renews a sliding expiration, then the SELECT of the Value. */
    record GetCacheItem(Long utcNowTicks) implements CacheStatement {
        @Override
        public Outcome<CacheEntry, CacheResult> apply(CacheEntry entry, long nowMillis) {
            return CacheSemantics.read(entry, utcNowTicks, true);
        }
    }

    /** The UPDATE alone: what Refresh sends, and what a session that was read but not changed ends with. */
    record RefreshCacheItem(Long utcNowTicks) implements CacheStatement {
        @Override
        public Outcome<CacheEntry, CacheResult> apply(CacheEntry entry, long nowMillis) {
            return CacheSemantics.read(entry, utcNowTicks, false);
        }
    }

    /**
     * The upsert: ExpiresAtTime is now + the sliding expiration, or the absolute one without a sliding one.
     *
     * @param value                    never null (the caller refuses a NULL @Value, a NOT NULL column)
     * @param slidingExpirationSeconds the sliding expiration already converted to bigint, or null
     */
    record SetCacheItem(byte[] value, Long slidingExpirationSeconds, Long absoluteExpirationTicks, Long utcNowTicks)
            implements CacheStatement {
        @Override
        public Outcome<CacheEntry, CacheResult> apply(CacheEntry entry, long nowMillis) {
            return CacheSemantics.set(entry, value, slidingExpirationSeconds, absoluteExpirationTicks, utcNowTicks);
        }
    }

    record DeleteCacheItem() implements CacheStatement {
        @Override
        public Outcome<CacheEntry, CacheResult> apply(CacheEntry entry, long nowMillis) {
            return entry == null ? Outcome.keep(CacheResult.NO_ROW) : Outcome.delete(CacheResult.ONE_ROW);
        }
    }

    /** One row of DeleteExpiredCacheItems: deleted when {@code @UtcNow > ExpiresAtTime}. */
    record DeleteExpiredCacheItem(Long utcNowTicks) implements CacheStatement {
        @Override
        public Outcome<CacheEntry, CacheResult> apply(CacheEntry entry, long nowMillis) {
            return CacheSemantics.expired(entry, utcNowTicks)
                    ? Outcome.delete(CacheResult.ONE_ROW)
                    : Outcome.keep(CacheResult.NO_ROW);
        }
    }
}
