package aspstate.core.store;

/**
 * The counters of Microsoft's state service (sessions active, total, timed out, abandoned) plus the bytes stored.
 *
 * @param active   entries currently stored
 * @param created  entries ever created ("Sessions Total")
 * @param expired  entries removed because they timed out ("Sessions Timed Out")
 * @param removed  entries deleted by a client ("Sessions Abandoned")
 * @param storedBytes bytes counted against max-memory: keys plus values plus the store's per-entry overhead
 *                    estimate (zero for a store configured without one)
 */
public record StoreStatistics(long active, long created, long expired, long removed, long storedBytes) {}
