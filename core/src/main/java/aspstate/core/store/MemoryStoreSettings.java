package aspstate.core.store;

/**
 * Limits of the in-memory store.
 *
 * @param maxMemoryBytes     bytes the store may hold, counted as key + value + {@code entryOverheadBytes} per
 *                           entry; 0 means no limit. A write that would exceed it is refused; nothing stored is
 *                           ever evicted early.
 * @param reaperTickMillis   how often the background reaper looks for expired entries
 * @param reaperBatch        at most this many due keys are examined per tick, bounding the reaper's pause
 * @param entryOverheadBytes what one entry costs beyond its key and value bytes (entry object, key String,
 *                           array headers, the table's slots, expiry filing). Counting it keeps the limit honest
 *                           for small sessions, where the overhead is larger than the data (docs/benchmarks.md
 *                           measures it).
 */
public record MemoryStoreSettings(long maxMemoryBytes, long reaperTickMillis, int reaperBatch, int entryOverheadBytes) {
    public static final long DEFAULT_REAPER_TICK_MILLIS = 100;
    public static final int DEFAULT_REAPER_BATCH = 20_000;
    /**
     * Measured at 1M sessions: 144.2 bytes exact, 154 on a G1 heap. Kept at 200 (set when it was 174.5) for the
     * table's least-loaded size, about 153 exact, and the collector's slack.
     */
    public static final int DEFAULT_ENTRY_OVERHEAD_BYTES = 200;

    public MemoryStoreSettings {
        if (maxMemoryBytes < 0) {
            throw new IllegalArgumentException("max-memory must be >= 0 (0 = no limit), got " + maxMemoryBytes);
        }
        if (reaperTickMillis <= 0 || reaperBatch <= 0) {
            throw new IllegalArgumentException("reaper tick and batch must be positive");
        }
        if (entryOverheadBytes < 0) {
            throw new IllegalArgumentException("entry overhead must be >= 0");
        }
    }

    /** Counts keys and values only, no per-entry overhead: for tests that check exact byte arithmetic. */
    public MemoryStoreSettings(long maxMemoryBytes, long reaperTickMillis, int reaperBatch) {
        this(maxMemoryBytes, reaperTickMillis, reaperBatch, 0);
    }

    public static MemoryStoreSettings withMaxMemory(long maxMemoryBytes) {
        return new MemoryStoreSettings(
                maxMemoryBytes, DEFAULT_REAPER_TICK_MILLIS, DEFAULT_REAPER_BATCH, DEFAULT_ENTRY_OVERHEAD_BYTES);
    }
}
