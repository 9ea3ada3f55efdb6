package aspstate.stateserver;

import aspstate.core.TcpPort;
import aspstate.transport.ConnectionLimits;
import java.net.InetAddress;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;

/**
 * Everything the StateServer listener can be told. Defaults match Microsoft's service where it has one.
 *
 * @param bindAddress   address to listen on
 * @param port          TCP port; 0 picks a free one
 * @param allowedPeers  peers allowed to connect; others are closed at once with nothing sent
 * @param idleTimeout   a connection with nothing from the client and none of its answers moving for this long is
 *                      closed; zero disables
 * @param maxBodyBytes  largest PUT body accepted; a larger Content-Length closes the connection
 * @param aspNetVersion the X-AspNet-Version header value
 * @param lockDateZone  zone in which LockDate is expressed
 * @param connections   how many connections, per peer too, how long a request may take to arrive, how much unsent
 */
public record StateServerSettings(
        InetAddress bindAddress,
        int port,
        List<CidrRange> allowedPeers,
        Duration idleTimeout,
        long maxBodyBytes,
        String aspNetVersion,
        ZoneId lockDateZone,
        ConnectionLimits connections) {
    public static final int DEFAULT_PORT = 42424;
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);
    public static final long DEFAULT_MAX_BODY_BYTES = 64L << 20;
    public static final String DEFAULT_ASPNET_VERSION = "4.0.30319";
    /** Loopback only, like aspnet_state with AllowRemoteConnection off. */
    public static final List<CidrRange> LOOPBACK_ONLY = List.of(CidrRange.parse("127.0.0.0/8"), CidrRange.parse("::1"));

    /** Java arrays, and so bodies, cannot be larger than this. */
    public static final long LARGEST_POSSIBLE_BODY = Integer.MAX_VALUE - 8;

    public StateServerSettings {
        TcpPort.require(port, 0);
        if (maxBodyBytes < 1 || maxBodyBytes > LARGEST_POSSIBLE_BODY) {
            throw new IllegalArgumentException(
                    "max-body must be 1.." + LARGEST_POSSIBLE_BODY + " bytes, got " + maxBodyBytes);
        }
        ConnectionLimits.requireIdleTimeout(idleTimeout);
        if (!aspNetVersion.matches("\\d+(\\.\\d+)*")
                || Integer.parseInt(aspNetVersion.split("\\.")[0]) < 2) {
            throw new IllegalArgumentException("version-header must be a version like 4.0.30319 with major >= 2 "
                    + "(the ASP.NET client refuses older), got '" + aspNetVersion + "'");
        }
        allowedPeers = List.copyOf(allowedPeers);
    }

    public static StateServerSettings defaults() {
        return new StateServerSettings(
                InetAddress.getLoopbackAddress(),
                DEFAULT_PORT,
                LOOPBACK_ONLY,
                DEFAULT_IDLE_TIMEOUT,
                DEFAULT_MAX_BODY_BYTES,
                DEFAULT_ASPNET_VERSION,
                ZoneId.systemDefault(),
                ConnectionLimits.defaults());
    }

    public StateServerSettings withPort(int newPort) {
        return new StateServerSettings(
                bindAddress,
                newPort,
                allowedPeers,
                idleTimeout,
                maxBodyBytes,
                aspNetVersion,
                lockDateZone,
                connections);
    }

    public StateServerSettings withAllowedPeers(List<CidrRange> peers) {
        return new StateServerSettings(
                bindAddress, port, peers, idleTimeout, maxBodyBytes, aspNetVersion, lockDateZone, connections);
    }

    public StateServerSettings withIdleTimeout(Duration timeout) {
        return new StateServerSettings(
                bindAddress, port, allowedPeers, timeout, maxBodyBytes, aspNetVersion, lockDateZone, connections);
    }

    public StateServerSettings withMaxBodyBytes(long bytes) {
        return new StateServerSettings(
                bindAddress, port, allowedPeers, idleTimeout, bytes, aspNetVersion, lockDateZone, connections);
    }

    public StateServerSettings withConnections(ConnectionLimits limits) {
        return new StateServerSettings(
                bindAddress, port, allowedPeers, idleTimeout, maxBodyBytes, aspNetVersion, lockDateZone, limits);
    }

    public boolean isAllowed(InetAddress peer) {
        for (CidrRange range : allowedPeers) {
            if (range.contains(peer)) {
                return true;
            }
        }
        return false;
    }
}
