package aspstate.admin;

import aspstate.core.TcpPort;
import aspstate.transport.ConnectionLimits;
import aspstate.transport.CredentialCheckQueue;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the admin listener listens, who may use it and what its clients may hold.
 *
 * @param token         required from every API and metrics request when present; the listener may then be bound
 *                      beyond loopback
 * @param connections   the connection limits, as the protocol listeners have them (with caps of its own)
 * @param idleTimeout   a connection with nothing from the client and none of its answers moving for this long is
 *                      closed; zero disables
 * @param queue         requests waiting for an admin worker at once, and token checks waiting for theirs; beyond it
 *                      a request is answered 503 with Retry-After, a token check is refused
 * @param tokenFailures wrong tokens from one client address in a minute after which its tokens are refused
 *                      without a check until the minute is over
 */
public record AdminSettings(
        InetAddress bindAddress,
        int port,
        Optional<AdminToken> token,
        ConnectionLimits connections,
        Duration idleTimeout,
        int queue,
        int tokenFailures) {
    public static final int DEFAULT_PORT = 42425;
    /** The admin API is for a few operators and a scraper: far fewer connections than the protocols. */
    public static final int DEFAULT_MAX_CONNECTIONS = 64;

    public static final int DEFAULT_MAX_CONNECTIONS_PER_PEER = 16;
    public static final int DEFAULT_QUEUE = 16;
    public static final int DEFAULT_TOKEN_FAILURES = CredentialCheckQueue.DEFAULT_MAX_FAILURES_PER_MINUTE;
    /** Requests carry no bodies worth more than this (unlock and delete carry none). */
    static final int MAX_REQUEST_BYTES = 16 * 1024;
    /**
     * Each connection's kernel receive buffer: a few requests' worth. The kernel's own grows to 6 MiB, all of which
     * a client that pipelines probes without reading leaves to be decoded once it goes: 16 such clients kept both
     * event loops busy for 2 s after they had gone.
     */
    static final int RECEIVE_BUFFER_BYTES = 16 * 1024;

    public AdminSettings {
        Objects.requireNonNull(bindAddress, "bindAddress");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(connections, "connections");
        TcpPort.require(port, 0);
        ConnectionLimits.requireIdleTimeout(idleTimeout);
        if (queue < 1) {
            throw new IllegalArgumentException("admin-queue must be at least 1, got " + queue);
        }
        if (tokenFailures < 1) {
            throw new IllegalArgumentException("admin-token-failures must be at least 1, got " + tokenFailures);
        }
    }

    /** The defaults of everything but where it listens and the token. */
    public static AdminSettings defaults(InetAddress bindAddress, int port, Optional<AdminToken> token) {
        return new AdminSettings(
                bindAddress,
                port,
                token,
                ConnectionLimits.defaults()
                        .withMaxConnections(DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS_PER_PEER),
                Duration.ofSeconds(30),
                DEFAULT_QUEUE,
                DEFAULT_TOKEN_FAILURES);
    }

    public AdminSettings withConnections(ConnectionLimits limits) {
        return new AdminSettings(bindAddress, port, token, limits, idleTimeout, queue, tokenFailures);
    }

    public AdminSettings withQueue(int requests) {
        return new AdminSettings(bindAddress, port, token, connections, idleTimeout, requests, tokenFailures);
    }
}
