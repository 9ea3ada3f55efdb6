package aspstate.store.journal;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the journal lives and how it behaves.
 *
 * @param directory            the data directory ({@code --data-dir})
 * @param fsync                when a write counts as kept ({@code --fsync})
 * @param rewriteMinBytes      the journal must hold at least this many bytes more than its live data before it is
 *                             compacted ({@code --journal-rewrite-min-size})
 * @param rewriteGrowthPercent ... and this share of the live data more ({@code --journal-rewrite-growth}): a single
 *                             node's journal takes at most about (1 + this/100) times the live data plus the minimum,
 *                             a cluster node's (whose rewrite keeps the old files until the new base is complete)
 *                             about (2 + this/100) times
 */
public record JournalSettings(Path directory, Fsync fsync, long rewriteMinBytes, int rewriteGrowthPercent) {
    public static final long DEFAULT_REWRITE_MIN_BYTES = 64L << 20;
    public static final int DEFAULT_REWRITE_GROWTH_PERCENT = 100;

    public JournalSettings {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(fsync, "fsync");
        if (rewriteMinBytes < 1 << 20) {
            throw new IllegalArgumentException("the rewrite minimum must be at least 1 MiB, got " + rewriteMinBytes);
        }
        if (rewriteGrowthPercent < 10 || rewriteGrowthPercent > 10_000) {
            throw new IllegalArgumentException(
                    "the rewrite growth must be 10 to 10000 percent, got " + rewriteGrowthPercent);
        }
    }

    public JournalSettings(Path directory, Fsync fsync) {
        this(directory, fsync, DEFAULT_REWRITE_MIN_BYTES, DEFAULT_REWRITE_GROWTH_PERCENT);
    }

    /** How many bytes more than {@code liveBytes} of live data the journal holds before it is compacted. */
    long compactionThreshold(long liveBytes) {
        return Math.max(rewriteMinBytes, liveBytes / 100 * rewriteGrowthPercent);
    }
}
