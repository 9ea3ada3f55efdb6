package aspstate.admin;

import aspstate.transport.ConnectionLimits;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Optional;

/**
 * Where the admin listener listens and who may use it.
 *
 * @param token required from every API and metrics request when present; the listener may then be bound beyond
 *              loopback
 */
public record AdminSettings(InetAddress bindAddress, int port, Optional<AdminToken> token) {
    public static final int DEFAULT_PORT = 42425;
    /** The admin API is for a few operators and a scraper: far fewer connections than the protocols. */
    static final ConnectionLimits CONNECTIONS = new ConnectionLimits(64, 16, Duration.ofSeconds(10), 1 << 20);
    /** A connection idle this long is closed: a browser's kept-alive connection or a client that stalled. */
    static final int IDLE_SECONDS = 30;
    /** Requests carry no bodies worth more than this (unlock and delete carry none). */
    static final int MAX_REQUEST_BYTES = 16 * 1024;
}
