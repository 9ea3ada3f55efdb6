package aspstate.store.infinispan;

import java.util.ArrayList;
import java.util.List;
import org.jgroups.JChannel;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.MFC;
import org.jgroups.protocols.RED;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UFC;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;
import org.jgroups.util.TLSClientAuth;

/**
 * The JGroups stack between nodes, built in code: Infinispan's default TCP stack with static discovery (TCPPING over
 * the configured members, never multicast) and, when a TLS context is given, mutual TLS on every connection.
 *
 * <p>Failure detection: a killed node's TCP connections close at once, which suspects it ({@code enableSuspectEvents});
 * a node that hangs or is cut off is suspected after {@link #HEARTBEAT_TIMEOUT_MILLIS} without heartbeats. FD_SOCK2,
 * which Infinispan's stack also has, is left out: it opens a plain-text socket of its own, beside TLS.
 * MERGE3 looks for other partitions every few seconds, so a healed partition merges within about ten.
 *
 * <p>The cluster port is held to {@link ClusterPortLimits} ({@link CappedTcp}). With a secret, a client without it
 * cannot get past the TLS handshake: it holds a connection for the handshake timeout at most, and never reaches
 * JGroups. Without one (loopback only), anyone on the machine can reach JGroups, within the caps.
 */
final class ClusterChannel {
    static final int HEARTBEAT_TIMEOUT_MILLIS = 6_000;
    private static final int HEARTBEAT_INTERVAL_MILLIS = 1_500;
    private static final int VERIFY_SUSPECT_MILLIS = 1_000;
    private static final int MERGE_MIN_INTERVAL_MILLIS = 1_000;
    private static final int MERGE_MAX_INTERVAL_MILLIS = 3_000;
    private static final int CONNECT_TIMEOUT_MILLIS = 1_000;
    private static final int JOIN_TIMEOUT_MILLIS = 2_000;

    private ClusterChannel() {}

    /** A new, unconnected channel; Infinispan connects it (to the cluster name) and closes it when it stops. */
    static JChannel create(ClusterSettings settings) throws Exception {
        GroupedTransportLogs.install();
        TCP tcp = new CappedTcp(settings.portLimits());
        tcp.setBindAddress(settings.bindAddress());
        tcp.setBindPort(settings.port());
        tcp.setPortRange(0); // exactly the port asked for: the other nodes look for it there
        tcp.setSockConnTimeout(CONNECT_TIMEOUT_MILLIS);
        tcp.tcpNodelay(true);
        tcp.enableSuspectEvents(true);
        // JGroups 5.5's default per-destination bundler keeps counting what was queued for a member that crashed
        // and then spins on a core for good; the transfer-queue bundler (the default for years before) does not.
        tcp.setBundlerType("transfer-queue");
        settings.tls()
                .ifPresent(context -> tcp.tls()
                        .enabled(true)
                        .setSSLContext(context)
                        .setClientAuth(TLSClientAuth.NEED)
                        .setProtocols(new String[] {"TLSv1.3"}));

        TCPPING discovery = new TCPPING();
        discovery.setInitialHosts(new ArrayList<>(settings.members()));

        FD_ALL3 heartbeats = new FD_ALL3().setTimeout(HEARTBEAT_TIMEOUT_MILLIS);
        heartbeats.setInterval(HEARTBEAT_INTERVAL_MILLIS);

        List<Protocol> stack = List.of(
                tcp,
                new RED(),
                discovery,
                new MERGE3().setMinInterval(MERGE_MIN_INTERVAL_MILLIS).setMaxInterval(MERGE_MAX_INTERVAL_MILLIS),
                heartbeats,
                new VERIFY_SUSPECT2().setTimeout(VERIFY_SUSPECT_MILLIS),
                new NAKACK2().useMcastXmit(false),
                new UNICAST3(),
                new STABLE(),
                new GMS().setJoinTimeout(JOIN_TIMEOUT_MILLIS).printLocalAddress(false),
                new UFC(),
                new MFC(),
                new FRAG4());
        JChannel channel = new JChannel(stack);
        // The diagnostics port answers probes in plain text: never open it.
        channel.getProtocolStack().getTransport().getDiagnosticsHandler().setEnabled(false);
        channel.name(settings.nodeName());
        return channel;
    }
}
