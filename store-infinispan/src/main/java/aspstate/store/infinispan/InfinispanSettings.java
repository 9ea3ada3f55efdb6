package aspstate.store.infinispan;

import aspstate.store.journal.JournalSettings;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A cluster node's stores: the cluster to join and, with {@code --data-dir}, the journal of the copies it holds.
 *
 * @param cluster       the cluster to join
 * @param journal       the node's journal, or empty to keep entries in memory only
 * @param quorumTimeout how long a starting node waits for a majority of the cluster's members (and, after the whole
 *                      cluster stopped, for every member; see {@link ClusterRestore})
 */
public record InfinispanSettings(ClusterSettings cluster, Optional<JournalSettings> journal, Duration quorumTimeout) {
    public static final Duration DEFAULT_QUORUM_TIMEOUT = Duration.ofMinutes(5);

    public InfinispanSettings {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(journal, "journal");
        Objects.requireNonNull(quorumTimeout, "quorumTimeout");
        if (quorumTimeout.isNegative() || quorumTimeout.isZero()) {
            throw new IllegalArgumentException("quorum timeout must be positive");
        }
    }
}
