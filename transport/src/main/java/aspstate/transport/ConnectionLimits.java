package aspstate.transport;

import java.time.Duration;

/**
 * What one connection, and one peer, may hold of a listener, whatever the protocol: the limits that keep a slow,
 * hostile or broken client from taking what other clients need (file descriptors, time, memory).
 *
 * @param maxConnections        connections a listener keeps open at once
 * @param maxConnectionsPerPeer connections one peer address may keep open on a listener
 * @param requestTimeout        a request must have arrived whole within this long of its first byte, or the
 *                              connection is closed (a client sending a byte now and then holds nothing for long)
 * @param maxUnsentBytes        answers a peer has not taken yet, in bytes, above which the connection's next
 *                              requests wait (and nothing more is read) until it has taken half of them
 * @param minRequestRate        bytes a second a request must arrive at, at least: when a connection would exceed
 *                              either cap, the connection furthest behind this rate is closed to make room for it
 *                              (else the new one is); 0 closes the new one always
 */
public record ConnectionLimits(
        int maxConnections,
        int maxConnectionsPerPeer,
        Duration requestTimeout,
        int maxUnsentBytes,
        long minRequestRate) {
    public static final int DEFAULT_MAX_CONNECTIONS = 4096;
    public static final int DEFAULT_MAX_CONNECTIONS_PER_PEER = 1024;
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);
    public static final int DEFAULT_MAX_UNSENT_BYTES = 1 << 20;
    /** Apache's mod_reqtimeout asks the same of request headers and bodies by default (MinRate=500). */
    public static final long DEFAULT_MIN_REQUEST_RATE = 500;
    /** Below this a single answer's head could not be queued without stopping the connection. */
    public static final int MIN_UNSENT_BYTES = 4096;
    /**
     * The longest a connection timeout may be: long enough for any client, short enough that every timer the event
     * loops arm for it stays far within their range (days in nanoseconds overflow a long past 106,751).
     */
    public static final Duration MAX_TIMEOUT = Duration.ofDays(1);

    public ConnectionLimits {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("max-connections must be at least 1, got " + maxConnections);
        }
        if (maxConnectionsPerPeer < 1) {
            throw new IllegalArgumentException(
                    "max-connections-per-peer must be at least 1, got " + maxConnectionsPerPeer);
        }
        requireTimeout("request-timeout", requestTimeout);
        if (maxUnsentBytes < MIN_UNSENT_BYTES) {
            throw new IllegalArgumentException(
                    "max-unsent must be at least " + MIN_UNSENT_BYTES + " bytes, got " + maxUnsentBytes);
        }
        if (minRequestRate < 0) {
            throw new IllegalArgumentException("min-request-rate must not be negative, got " + minRequestRate);
        }
    }

    /**
     * Checks a connection timeout: more than 0 and at most {@link #MAX_TIMEOUT}.
     *
     * @param option the option's name, for the message
     */
    public static Duration requireTimeout(String option, Duration timeout) {
        if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(MAX_TIMEOUT) > 0) {
            throw new IllegalArgumentException(option + " must be more than 0 and at most 1d");
        }
        return timeout;
    }

    /** Checks an idle timeout: 0 (never) or a connection timeout. */
    public static Duration requireIdleTimeout(Duration timeout) {
        if (timeout.isNegative() || timeout.compareTo(MAX_TIMEOUT) > 0) {
            throw new IllegalArgumentException("idle-timeout must be 0 (never) or at most 1d");
        }
        return timeout;
    }

    public static ConnectionLimits defaults() {
        return new ConnectionLimits(
                DEFAULT_MAX_CONNECTIONS,
                DEFAULT_MAX_CONNECTIONS_PER_PEER,
                DEFAULT_REQUEST_TIMEOUT,
                DEFAULT_MAX_UNSENT_BYTES,
                DEFAULT_MIN_REQUEST_RATE);
    }

    public ConnectionLimits withMaxConnections(int total, int perPeer) {
        return new ConnectionLimits(total, perPeer, requestTimeout, maxUnsentBytes, minRequestRate);
    }

    public ConnectionLimits withRequestTimeout(Duration timeout) {
        return new ConnectionLimits(maxConnections, maxConnectionsPerPeer, timeout, maxUnsentBytes, minRequestRate);
    }

    public ConnectionLimits withMaxUnsentBytes(int bytes) {
        return new ConnectionLimits(maxConnections, maxConnectionsPerPeer, requestTimeout, bytes, minRequestRate);
    }

    public ConnectionLimits withMinRequestRate(long bytesPerSecond) {
        return new ConnectionLimits(
                maxConnections, maxConnectionsPerPeer, requestTimeout, maxUnsentBytes, bytesPerSecond);
    }
}
