package aspstate.store.journal;

/**
 * What the journal has done since the start, for metrics.
 *
 * @param batches        writes of a batch of records (each one system call)
 * @param syncs          syncs to disk
 * @param failures       failed writes and syncs
 * @param rewrites       rewrites started
 * @param bytesSinceBase bytes of records in the segments after the base
 * @param baseBytes      the base's size
 * @param rewriting      a rewrite runs now
 * @param writing        false while changes are refused
 */
public record JournalStatistics(
        long batches,
        long syncs,
        long failures,
        long rewrites,
        long bytesSinceBase,
        long baseBytes,
        boolean rewriting,
        boolean writing) {}
