package aspstate.store.infinispan;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What the Infinispan stores are asked to be: durable, clustered, or both (at least one: without either, the memory
 * store is the faster choice).
 *
 * @param durability       the data directory and fsync policy, or empty to keep entries in memory only
 * @param cluster          the cluster to join, or empty for a single node
 * @param quorumTimeout    how long a starting node waits for a majority of the cluster's members (see
 *                         {@link InfinispanStores})
 */
public record InfinispanSettings(Optional<Durability> durability, Optional<ClusterSettings> cluster,
                                 Duration quorumTimeout) {
    public static final Duration DEFAULT_QUORUM_TIMEOUT = Duration.ofMinutes(5);

    public InfinispanSettings {
        Objects.requireNonNull(durability, "durability");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(quorumTimeout, "quorumTimeout");
        if (durability.isEmpty() && cluster.isEmpty()) {
            throw new IllegalArgumentException("neither durable nor clustered: use the memory store");
        }
        if (quorumTimeout.isNegative() || quorumTimeout.isZero()) {
            throw new IllegalArgumentException("quorum timeout must be positive");
        }
    }
}
