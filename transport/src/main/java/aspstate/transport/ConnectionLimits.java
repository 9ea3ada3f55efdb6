package aspstate.transport;

import java.time.Duration;

/**
 * What one connection, and one peer, may hold of a listener, whatever the protocol: the limits that keep a slow,
 * hostile or broken client from taking what other clients need (file descriptors, time, memory).
 *
 * @param maxConnections        connections a listener keeps open at once; more are closed as they are accepted
 * @param maxConnectionsPerPeer connections one peer address may keep open on a listener; more are closed likewise
 * @param requestTimeout        a request must have arrived whole within this long of its first byte, or the
 *                              connection is closed (a client sending a byte now and then holds nothing for long)
 * @param maxUnsentBytes        answers a peer has not taken yet, in bytes, above which the connection's next
 *                              requests wait (and nothing more is read) until it has taken half of them
 */
public record ConnectionLimits(int maxConnections, int maxConnectionsPerPeer, Duration requestTimeout,
                               int maxUnsentBytes) {
    public static final int DEFAULT_MAX_CONNECTIONS = 4096;
    public static final int DEFAULT_MAX_CONNECTIONS_PER_PEER = 1024;
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);
    public static final int DEFAULT_MAX_UNSENT_BYTES = 1 << 20;
    /** Below this a single answer's head could not be queued without stopping the connection. */
    public static final int MIN_UNSENT_BYTES = 4096;

    public ConnectionLimits {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("max-connections must be at least 1, got " + maxConnections);
        }
        if (maxConnectionsPerPeer < 1) {
            throw new IllegalArgumentException("max-connections-per-peer must be at least 1, got "
                    + maxConnectionsPerPeer);
        }
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("request-timeout must be more than 0");
        }
        if (maxUnsentBytes < MIN_UNSENT_BYTES) {
            throw new IllegalArgumentException("max-unsent must be at least " + MIN_UNSENT_BYTES + " bytes, got "
                    + maxUnsentBytes);
        }
    }

    public static ConnectionLimits defaults() {
        return new ConnectionLimits(DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS_PER_PEER,
                DEFAULT_REQUEST_TIMEOUT, DEFAULT_MAX_UNSENT_BYTES);
    }

    public ConnectionLimits withMaxConnections(int total, int perPeer) {
        return new ConnectionLimits(total, perPeer, requestTimeout, maxUnsentBytes);
    }

    public ConnectionLimits withRequestTimeout(Duration timeout) {
        return new ConnectionLimits(maxConnections, maxConnectionsPerPeer, timeout, maxUnsentBytes);
    }

    public ConnectionLimits withMaxUnsentBytes(int bytes) {
        return new ConnectionLimits(maxConnections, maxConnectionsPerPeer, requestTimeout, bytes);
    }
}
