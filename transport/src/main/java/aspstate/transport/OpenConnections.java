package aspstate.transport;

import aspstate.core.RepeatedEventLog;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.socket.SocketChannel;
import java.net.InetAddress;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * A listener's open connections, in all and per peer address, held to the caps of {@link ConnectionLimits}. When a
 * new connection would exceed a cap, the connection of that group (the peer's, or all) furthest behind the minimum
 * request rate is closed to make room, as Apache's mod_reqtimeout judges a request by its MinRate: clients that
 * trickle bytes, or connect and send nothing, cannot lock a new client out for the length of a timeout. When none is
 * behind, the new connection is the one closed, at once and with nothing sent: one client opening connections
 * without end cannot take every file descriptor, and the others keep being served.
 *
 * <p>Admission is rare next to requests, so one lock keeps the counts exact; the connections' progress is read
 * without it.
 */
final class OpenConnections {
    private static final Logger LOG = LoggerFactory.getLogger(OpenConnections.class);
    private static final RepeatedEventLog REFUSED = new RepeatedEventLog(LOG);
    private static final RepeatedEventLog SHED = new RepeatedEventLog(LOG, Level.INFO);

    private final String listenerName;
    private final ConnectionStatistics statistics;
    private final ConnectionLimits limits;
    private final AtomicInteger open;
    private final Set<ConnectionProgress> all = new HashSet<>();
    private final Map<InetAddress, Set<ConnectionProgress>> perPeer = new HashMap<>();

    OpenConnections(ConnectionLimits limits, ConnectionStatistics statistics) {
        this.listenerName = statistics.protocol();
        this.statistics = statistics;
        this.open = statistics.openCounter();
        this.limits = limits;
    }

    /** Counts the connection until it closes; false, and nothing counted, if it is the one that must go. */
    boolean admit(SocketChannel channel) {
        InetAddress peer = channel.remoteAddress().getAddress();
        long now = System.nanoTime();
        ConnectionProgress progress = new ConnectionProgress(channel, peer, now);
        synchronized (this) {
            Set<ConnectionProgress> ofPeer = perPeer.computeIfAbsent(peer, address -> new HashSet<>());
            if (ofPeer.size() >= limits.maxConnectionsPerPeer() && !shedOne(ofPeer, now)) {
                forgetIfEmpty(peer, ofPeer);
                refused(
                        ConnectionStatistics.Refusal.MAX_CONNECTIONS_PER_PEER,
                        "per client address",
                        limits.maxConnectionsPerPeer(),
                        peer);
                return false;
            }
            if (all.size() >= limits.maxConnections() && !shedOne(all, now)) {
                forgetIfEmpty(peer, ofPeer);
                refused(ConnectionStatistics.Refusal.MAX_CONNECTIONS, "at once", limits.maxConnections(), peer);
                return false;
            }
            ofPeer.add(progress);
            all.add(progress);
            open.set(all.size());
        }
        channel.attr(ConnectionProgress.KEY).set(progress);
        channel.closeFuture().addListener(closed -> forget(progress));
        return true;
    }

    /** Closes the connection of {@code group} furthest behind the minimum rate; false if none is behind it. */
    private boolean shedOne(Collection<ConnectionProgress> group, long now) {
        ConnectionProgress furthest = null;
        long furthestLag = 0;
        for (ConnectionProgress candidate : group) {
            long lag = candidate.lagNanos(now, limits.minRequestRate());
            if (lag > furthestLag) {
                furthest = candidate;
                furthestLag = lag;
            }
        }
        if (furthest == null) {
            return false;
        }
        uncount(furthest);
        statistics.countRefused(ConnectionStatistics.Refusal.SHED_BELOW_MIN_RATE);
        SHED.occurred(
                "closed {} {} connection(s) furthest behind --min-request-rate {} B/s to make room for new "
                        + "ones (latest from {}, {} ms behind)",
                listenerName,
                limits.minRequestRate(),
                furthest.peer.getHostAddress(),
                furthestLag / 1_000_000);
        furthest.channel.close();
        return true;
    }

    private void refused(ConnectionStatistics.Refusal refusal, String which, int cap, InetAddress peer) {
        statistics.countRefused(refusal);
        REFUSED.occurred(
                "refused {} {} connection(s) beyond the {} allowed {}, none of them behind "
                        + "--min-request-rate (latest from {})",
                listenerName,
                cap,
                which,
                peer.getHostAddress());
    }

    private synchronized void forget(ConnectionProgress progress) {
        if (progress.counted) {
            uncount(progress);
        }
    }

    private void uncount(ConnectionProgress progress) {
        progress.counted = false;
        all.remove(progress);
        Set<ConnectionProgress> ofPeer = perPeer.get(progress.peer);
        if (ofPeer != null) {
            ofPeer.remove(progress);
            forgetIfEmpty(progress.peer, ofPeer);
        }
        open.set(all.size());
    }

    private void forgetIfEmpty(InetAddress peer, Set<ConnectionProgress> ofPeer) {
        if (ofPeer.isEmpty()) {
            perPeer.remove(peer);
        }
    }

    synchronized int open() {
        return all.size();
    }

    /**
     * Closes every connection still counted, each once what was written to it has gone out.
     *
     * @return the connections being closed
     */
    List<Channel> closeAll() {
        List<Channel> open;
        synchronized (this) {
            open = all.stream().map(progress -> progress.channel).toList();
        }
        for (Channel channel : open) {
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
        return open;
    }
}
