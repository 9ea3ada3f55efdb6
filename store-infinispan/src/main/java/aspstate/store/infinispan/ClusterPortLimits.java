package aspstate.store.infinispan;

import java.time.Duration;

/**
 * What a client of the cluster port may hold ({@code --cluster-max-connections}, {@code
 * --cluster-max-connections-per-peer}, {@code --cluster-handshake-timeout}). JGroups gives every accepted
 * connection a thread and buffers of its own, so connections from anyone who reaches the port must be capped: about
 * 1,800 made-up peers once drove a node from 40 to 1,700 threads and out of memory. Nodes need few: one or two
 * to each other node.
 *
 * @param maxConnections        accepted connections open at once; more are closed as they are accepted
 * @param maxConnectionsPerPeer accepted connections open at once from one address (nodes sharing a machine share
 *                              it); more are closed likewise
 * @param handshakeTimeout      an accepted connection must complete its TLS handshake within this long, and send
 *                              each part of its node address within it; else it is closed
 */
public record ClusterPortLimits(int maxConnections, int maxConnectionsPerPeer, Duration handshakeTimeout) {
    public static final int DEFAULT_MAX_CONNECTIONS = 128;
    public static final int DEFAULT_MAX_CONNECTIONS_PER_PEER = 16;
    public static final Duration DEFAULT_HANDSHAKE_TIMEOUT = Duration.ofSeconds(2);
    /** The socket timeout that carries it is an int of milliseconds; a minute is far more than any node needs. */
    public static final Duration MAX_HANDSHAKE_TIMEOUT = Duration.ofMinutes(1);

    public ClusterPortLimits {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("cluster-max-connections must be at least 1, got " + maxConnections);
        }
        if (maxConnectionsPerPeer < 1) {
            throw new IllegalArgumentException(
                    "cluster-max-connections-per-peer must be at least 1, got " + maxConnectionsPerPeer);
        }
        if (handshakeTimeout.toMillis() < 1 || handshakeTimeout.compareTo(MAX_HANDSHAKE_TIMEOUT) > 0) {
            throw new IllegalArgumentException("cluster-handshake-timeout must be 1ms..1m");
        }
    }

    public static ClusterPortLimits defaults() {
        return new ClusterPortLimits(
                DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS_PER_PEER, DEFAULT_HANDSHAKE_TIMEOUT);
    }
}
