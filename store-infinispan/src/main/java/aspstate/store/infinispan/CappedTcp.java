package aspstate.store.infinispan;

import org.jgroups.protocols.TCP;
import org.jgroups.util.SocketFactory;

/**
 * JGroups's TCP transport with the cluster port held to {@link ClusterPortLimits}: its server socket takes only
 * the connections within the caps ({@link CappedSocketFactory}), a connection must send its node address within
 * the handshake timeout on each read, and what the transport logs about its connections is grouped
 * ({@link GroupedTransportLogs}), with no stack trace for what a stranger sent.
 */
final class CappedTcp extends TCP {
    private final ClusterPortLimits limits;

    CappedTcp(ClusterPortLimits limits) {
        this.limits = limits;
        setPeerAddrReadTimeout((int) limits.handshakeTimeout().toMillis());
        logDetails(false);
        setSocketFactory(getSocketFactory());
    }

    /** Every factory the transport is given (its default one, or TLS's at start) makes capped server sockets. */
    @Override
    public void setSocketFactory(SocketFactory factory) {
        super.setSocketFactory(
                factory == null || factory instanceof CappedSocketFactory || limits == null
                        ? factory
                        : new CappedSocketFactory(factory, limits));
    }

    @Override
    public void start() throws Exception {
        super.start();
        // The connection server exists now and is not started yet: it logs through the grouped log from the start.
        srv.log(GroupedTransportLogs.wrap(srv.log()));
    }
}
