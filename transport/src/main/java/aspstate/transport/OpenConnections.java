package aspstate.transport;

import aspstate.core.RepeatedEventLog;
import io.netty.channel.socket.SocketChannel;
import java.net.InetAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts a listener's open connections, in all and per peer address, and turns away a connection that would
 * exceed either limit: one client opening connections without end cannot take every file descriptor, and the
 * others keep being served. A refused connection is closed at once, with nothing sent.
 */
final class OpenConnections {
    private static final Logger LOG = LoggerFactory.getLogger(OpenConnections.class);
    private static final RepeatedEventLog REFUSED = new RepeatedEventLog(LOG);

    private final String listenerName;
    private final ConnectionStatistics statistics;
    private final int maxConnections;
    private final int maxPerPeer;
    private final AtomicInteger open;
    private final ConcurrentHashMap<InetAddress, AtomicInteger> openPerPeer = new ConcurrentHashMap<>();

    OpenConnections(ConnectionLimits limits, ConnectionStatistics statistics) {
        this.listenerName = statistics.protocol();
        this.statistics = statistics;
        this.open = statistics.openCounter();
        this.maxConnections = limits.maxConnections();
        this.maxPerPeer = limits.maxConnectionsPerPeer();
    }

    /** Counts the connection until it closes; false, and nothing counted, if it exceeds a limit. */
    boolean admit(SocketChannel channel) {
        InetAddress peer = channel.remoteAddress().getAddress();
        if (open.incrementAndGet() > maxConnections) {
            open.decrementAndGet();
            statistics.countRefused(ConnectionStatistics.Refusal.MAX_CONNECTIONS);
            REFUSED.occurred("{}: refused {} connection(s) beyond --max-connections {} (latest from {})",
                    listenerName, maxConnections, peer.getHostAddress());
            return false;
        }
        AtomicInteger ofPeer = openPerPeer.compute(peer, (address, count) -> {
            AtomicInteger counter = count == null ? new AtomicInteger() : count;
            counter.incrementAndGet();
            return counter;
        });
        if (ofPeer.get() > maxPerPeer) {
            forget(peer);
            statistics.countRefused(ConnectionStatistics.Refusal.MAX_CONNECTIONS_PER_PEER);
            REFUSED.occurred("{}: refused {} connection(s) beyond --max-connections-per-peer {} (latest from {})",
                    listenerName, maxPerPeer, peer.getHostAddress());
            return false;
        }
        channel.closeFuture().addListener(closed -> forget(peer));
        return true;
    }

    private void forget(InetAddress peer) {
        open.decrementAndGet();
        openPerPeer.computeIfPresent(peer, (address, count) -> count.decrementAndGet() == 0 ? null : count);
    }

    int open() {
        return open.get();
    }
}
