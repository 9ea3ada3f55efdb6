package aspstate.core.store;

/**
 * Limits of the in-memory store.
 *
 * @param maxMemoryBytes    bytes of keys + values the store may hold; 0 means no limit. A write that would exceed
 *                          it is refused; nothing stored is ever evicted early.
 * @param reaperTickMillis  how often the background reaper looks for expired entries
 * @param reaperBatch       at most this many due keys are examined per tick, bounding the reaper's pause
 */
public record MemoryStoreSettings(long maxMemoryBytes, long reaperTickMillis, int reaperBatch) {
    public static final long DEFAULT_REAPER_TICK_MILLIS = 100;
    public static final int DEFAULT_REAPER_BATCH = 20_000;

    public MemoryStoreSettings {
        if (maxMemoryBytes < 0) {
            throw new IllegalArgumentException("max-memory must be >= 0 (0 = no limit), got " + maxMemoryBytes);
        }
        if (reaperTickMillis <= 0 || reaperBatch <= 0) {
            throw new IllegalArgumentException("reaper tick and batch must be positive");
        }
    }

    public static MemoryStoreSettings withMaxMemory(long maxMemoryBytes) {
        return new MemoryStoreSettings(maxMemoryBytes, DEFAULT_REAPER_TICK_MILLIS, DEFAULT_REAPER_BATCH);
    }
}
