package aspstate.bench.stateserver;

import aspstate.bench.OwnClientFactory;
import aspstate.bench.SessionBackend;
import aspstate.client.Connector;
import aspstate.client.StateServerConnection;
import aspstate.transport.ClientConnections;
import java.net.InetSocketAddress;
import java.time.Duration;

/** Connections to a StateServer-protocol server; all share one I/O thread ({@link OwnClientFactory}). */
public final class StateServerBackendFactory extends OwnClientFactory {
    /** Netty's default, which the generator has always connected with. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    private final InetSocketAddress address;
    /** The transport's own connections (native, with its read buffers), as the TDS side gets. */
    private final Connector connector = ClientConnections.connector(group);

    public StateServerBackendFactory(InetSocketAddress address) {
        this.address = address;
    }

    @Override
    public SessionBackend connect() throws Exception {
        return new StateServerBackend(StateServerConnection.connect(address, connector, CONNECT_TIMEOUT));
    }

    @Override
    public String name() {
        return "aspstate";
    }
}
