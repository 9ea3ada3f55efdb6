package aspstate.store.journal;

/**
 * What the journal has done since the start, for metrics.
 *
 * @param batches     writes of a batch of records (each one system call)
 * @param syncs       syncs to disk
 * @param failures    failed writes and syncs
 * @param compactions compactions started (cleaning passes, or rewrites on a cluster node)
 * @param bytes       the bytes of the journal's files: a base, if there is one, and the segments
 * @param compacting  a compaction runs now
 * @param writing     false while changes are refused
 */
public record JournalStatistics(
        long batches, long syncs, long failures, long compactions, long bytes, boolean compacting, boolean writing) {}
