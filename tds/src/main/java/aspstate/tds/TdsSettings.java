package aspstate.tds;

import aspstate.core.TcpPort;
import aspstate.transport.ConnectionLimits;
import io.netty.handler.ssl.SslContext;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Optional;

/**
 * Everything the TDS listener can be told. Defaults match SQL Server where it has one.
 *
 * @param bindAddress     address to listen on
 * @param port            TCP port; 0 picks a free one
 * @param maxMessageBytes largest request message (all its packets together); a larger one closes the connection
 * @param minPacketSize   smallest packet size a client may negotiate in LOGIN7; smaller requests are raised to it
 * @param maxPacketSize   largest packet size a client may negotiate in LOGIN7; larger requests are lowered to it
 * @param tls             the server's TLS context (see {@link aspstate.tds.tls.TdsTls}), or empty to answer
 *                        PRELOGIN's ENCRYPTION with NOT_SUP and refuse clients that require encryption
 * @param failoverPartner another server of the same cluster, announced after login as SQL Server announces a
 *                        database mirroring partner ([MS-TDS] ENVCHANGE 13), so that SqlClient's
 *                        {@code Failover Partner} works: it connects to a failover partner only if that server says
 *                        it has one. Written as a Data Source is, e.g. {@code 10.0.1.6,1433}; empty announces none
 * @param connections     how many connections, per peer too, how long a request may take to arrive, how much unsent
 * @param loginTimeout    a connection not logged in this long after it opened is closed (a client that connects
 *                        and never logs in holds a connection, and its PRELOGIN or TLS state, for nothing)
 */
public record TdsSettings(
        InetAddress bindAddress,
        int port,
        int maxMessageBytes,
        int minPacketSize,
        int maxPacketSize,
        Optional<SslContext> tls,
        Optional<String> failoverPartner,
        ConnectionLimits connections,
        Duration loginTimeout) {
    public static final int DEFAULT_PORT = 1433;
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 64 << 20;
    /** SQL Server's lower bound for the "network packet size" option. */
    public static final int DEFAULT_MIN_PACKET_SIZE = 512;
    /** SQL Server's upper bound for the "network packet size" option. */
    public static final int DEFAULT_MAX_PACKET_SIZE = 32767;
    /**
     * Packet size used before LOGIN7 negotiates one, and when the client asks for the server's default
     * ([MS-TDS] 2.2.6.4: PacketSize 0).
     */
    public static final int INITIAL_PACKET_SIZE = 4096;

    private static final int PACKET_HEADER_BYTES = 8;
    /** SqlClient's default Connect Timeout: a client still logging in after it has given up. */
    public static final Duration DEFAULT_LOGIN_TIMEOUT = Duration.ofSeconds(15);

    public TdsSettings {
        failoverPartner.ifPresent(partner -> {
            if (partner.isBlank() || partner.length() > 255) {
                throw new IllegalArgumentException("a failover partner is a server name of 1..255 characters");
            }
        });
        TcpPort.require(port, 0);
        if (minPacketSize < DEFAULT_MIN_PACKET_SIZE
                || minPacketSize > maxPacketSize
                || maxPacketSize > DEFAULT_MAX_PACKET_SIZE) {
            throw new IllegalArgumentException("packet sizes must satisfy " + DEFAULT_MIN_PACKET_SIZE
                    + " <= min <= max <= " + DEFAULT_MAX_PACKET_SIZE + ", got min " + minPacketSize + ", max "
                    + maxPacketSize);
        }
        ConnectionLimits.requireTimeout("tds-login-timeout", loginTimeout);
        if (maxMessageBytes < INITIAL_PACKET_SIZE) {
            throw new IllegalArgumentException("max-message must be at least " + INITIAL_PACKET_SIZE
                    + " bytes (a login must fit), got " + maxMessageBytes);
        }
    }

    /** Loopback only: a session store should not be reachable from elsewhere unless asked for. */
    public static TdsSettings defaults() {
        return new TdsSettings(
                InetAddress.getLoopbackAddress(),
                DEFAULT_PORT,
                DEFAULT_MAX_MESSAGE_BYTES,
                DEFAULT_MIN_PACKET_SIZE,
                DEFAULT_MAX_PACKET_SIZE,
                Optional.empty(),
                Optional.empty(),
                ConnectionLimits.defaults(),
                DEFAULT_LOGIN_TIMEOUT);
    }

    public TdsSettings withPort(int newPort) {
        return new TdsSettings(
                bindAddress,
                newPort,
                maxMessageBytes,
                minPacketSize,
                maxPacketSize,
                tls,
                failoverPartner,
                connections,
                loginTimeout);
    }

    public TdsSettings withMaxMessageBytes(int bytes) {
        return new TdsSettings(
                bindAddress,
                port,
                bytes,
                minPacketSize,
                maxPacketSize,
                tls,
                failoverPartner,
                connections,
                loginTimeout);
    }

    public TdsSettings withTls(SslContext context) {
        return new TdsSettings(
                bindAddress,
                port,
                maxMessageBytes,
                minPacketSize,
                maxPacketSize,
                Optional.of(context),
                failoverPartner,
                connections,
                loginTimeout);
    }

    public TdsSettings withConnections(ConnectionLimits limits, Duration newLoginTimeout) {
        return new TdsSettings(
                bindAddress,
                port,
                maxMessageBytes,
                minPacketSize,
                maxPacketSize,
                tls,
                failoverPartner,
                limits,
                newLoginTimeout);
    }

    /**
     * Most packets one request message may take: what the largest message needs in packets of the smallest size a
     * client can negotiate (every packet of a message but the last is full). More is not a client, and costs heap.
     */
    public int maxPacketsPerMessage() {
        return maxMessageBytes / (minPacketSize - PACKET_HEADER_BYTES) + 1;
    }

    /** The packet size to use for a client that asked for {@code requested} in LOGIN7. */
    public int negotiatePacketSize(int requested) {
        if (requested == 0) {
            return INITIAL_PACKET_SIZE;
        }
        return Math.max(minPacketSize, Math.min(maxPacketSize, requested));
    }
}
