package aspstate.store.infinispan;

import aspstate.core.TcpPort;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * How a node finds and talks to the others ({@code --cluster-*}, {@code --owners}).
 *
 * @param name        the cluster's name; nodes with another name never join this cluster
 * @param bindAddress the address this node's cluster traffic uses
 * @param port        this node's cluster port; 0 picks a free one (for a tool that joins briefly, never a node that
 *                    others must find)
 * @param members     the nodes to look for at start (static discovery, no multicast); may include this node
 * @param owners      copies kept of every entry, written synchronously: the cluster loses no entry while fewer
 *                    than this many nodes are lost at once
 * @param tls         mutual TLS for all traffic between nodes, or empty (allowed on loopback only)
 * @param portLimits  what a client of the cluster port may hold
 */
public record ClusterSettings(
        String name,
        InetAddress bindAddress,
        int port,
        List<InetSocketAddress> members,
        int owners,
        Optional<SSLContext> tls,
        ClusterPortLimits portLimits) {
    public static final String DEFAULT_NAME = "aspstate";
    public static final int DEFAULT_PORT = 7800;
    public static final int DEFAULT_OWNERS = 2;

    public ClusterSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(bindAddress, "bindAddress");
        members = List.copyOf(members);
        Objects.requireNonNull(tls, "tls");
        Objects.requireNonNull(portLimits, "portLimits");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a cluster name is needed");
        }
        TcpPort.require(port, 0);
        if (owners < 2) {
            // One copy: a lost node loses its entries, and partition handling (no two lock holders) needs two.
            throw new IllegalArgumentException("owners must be at least 2, got " + owners);
        }
        if (members.isEmpty()) {
            throw new IllegalArgumentException("at least one member is needed");
        }
    }

    /** With the default limits of the cluster port. */
    public ClusterSettings(
            String name,
            InetAddress bindAddress,
            int port,
            List<InetSocketAddress> members,
            int owners,
            Optional<SSLContext> tls) {
        this(name, bindAddress, port, members, owners, tls, ClusterPortLimits.defaults());
    }

    /** This node's name in the cluster, the same across its restarts: its cluster address. */
    public String nodeName() {
        return bindAddress.getHostAddress() + ":" + port;
    }
}
