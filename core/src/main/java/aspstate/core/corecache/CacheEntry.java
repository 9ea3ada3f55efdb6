package aspstate.core.corecache;

import aspstate.core.store.SessionValue;

/**
 * One row of an ASP.NET Core distributed SQL Server cache table (the table {@code dotnet sql-cache create} makes;
 * docs/spec/aspnetcore-sql-cache.md), whose Id is the store key. Immutable, like the other stored values: the
 * statements return a new entry for every change, which keeps them pure and lets a distributed store ship entries as
 * values.
 *
 * <p>Times are the datetimeoffset columns' UTC instants in ticks of 100 ns ({@link SqlTime}), and they come from the
 * client ({@code @UtcNow}), as the statements compute them; the store expires an entry by its own clock at the same
 * instant.
 *
 * @param value                    the Value column, never null (NOT NULL)
 * @param expiresAtTicks           ExpiresAtTime: the entry is returned while {@code @UtcNow <= ExpiresAtTime}
 * @param slidingExpirationSeconds SlidingExpirationInSeconds, or null for an entry with an absolute expiration only
 * @param absoluteExpirationTicks  AbsoluteExpiration, or null for an entry with a sliding expiration only
 */
public record CacheEntry(byte[] value, long expiresAtTicks, Long slidingExpirationSeconds, Long absoluteExpirationTicks)
        implements SessionValue<CacheEntry> {

    public CacheEntry {
        if (value == null) {
            throw new IllegalArgumentException("a cache entry's Value is NOT NULL");
        }
    }

    /** The same entry expiring at another time: what a read's sliding renewal writes. */
    CacheEntry expiringAt(long ticks) {
        return new CacheEntry(value, ticks, slidingExpirationSeconds, absoluteExpirationTicks);
    }

    /**
     * The first millisecond at which {@code @UtcNow <= ExpiresAtTime} no longer holds, so that the store drops the
     * entry neither before nor more than a millisecond after the statements stop returning it.
     */
    @Override
    public long expiresAtMillis() {
        return Math.floorDiv(expiresAtTicks, SqlTime.TICKS_PER_MILLISECOND) + 1;
    }

    @Override
    public long sizeInBytes() {
        return value.length;
    }

    /** The sliding expiration in whole minutes (0 without one), for listings that show every store's sessions alike. */
    @Override
    public int timeoutMinutes() {
        return slidingExpirationSeconds == null
                ? 0
                : (int) Math.min(Integer.MAX_VALUE, Math.max(0, slidingExpirationSeconds / 60));
    }

    /** The cache has no locks: ASP.NET Core's sessions are last-writer-wins. */
    @Override
    public boolean locked() {
        return false;
    }

    @Override
    public long lockedAtMillis() {
        return 0;
    }

    @Override
    public int lockCookie() {
        return 0;
    }

    @Override
    public boolean uninitialized() {
        return false;
    }

    @Override
    public byte[] sessionData() {
        return value;
    }

    @Override
    public CacheEntry withLockReleased(long nowMillis) {
        return this;
    }

    @Override
    public String toString() {
        return "CacheEntry[value=" + value.length + " bytes, expiresAt=" + SqlTime.toInstant(expiresAtTicks)
                + ", sliding=" + slidingExpirationSeconds + ", absolute="
                + (absoluteExpirationTicks == null ? null : SqlTime.toInstant(absoluteExpirationTicks)) + "]";
    }
}
