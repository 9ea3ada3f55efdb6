package aspstate.store.journal;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the journal lives and how it behaves.
 *
 * @param directory            the data directory ({@code --data-dir})
 * @param fsync                when a write counts as kept ({@code --fsync})
 * @param rewriteMinBytes      the segments written since the last base must hold at least this many bytes before a
 *                             rewrite ({@code --journal-rewrite-min-size})
 * @param rewriteGrowthPercent ... and have grown by this share of the base ({@code --journal-rewrite-growth}): the
 *                             journal takes at most about (2 + this/100) times the live data, plus the minimum
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

    /** The segments' size after which a rewrite starts, for a base of {@code baseBytes}. */
    long rewriteThreshold(long baseBytes) {
        return Math.max(rewriteMinBytes, baseBytes / 100 * rewriteGrowthPercent);
    }
}
