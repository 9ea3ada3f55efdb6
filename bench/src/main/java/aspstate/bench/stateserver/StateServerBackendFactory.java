package aspstate.bench.stateserver;

import aspstate.bench.BackendFactory;
import aspstate.bench.ClientLoops;
import aspstate.bench.SessionBackend;
import aspstate.client.Connector;
import aspstate.client.StateServerConnection;
import aspstate.transport.ClientConnections;
import aspstate.transport.IoTransport;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;

/** Connections to a StateServer-protocol server; all share one I/O thread ({@link ClientLoops}). */
public final class StateServerBackendFactory implements BackendFactory {
    private final InetSocketAddress address;
    private final EventLoopGroup group = ClientLoops.newGroup();
    /** The transport's own connections (native, with its read buffers), as the TDS side gets. */
    private final Connector connector = ClientConnections.connector(group);

    /** Netty's default, which the generator has always connected with. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    public StateServerBackendFactory(InetSocketAddress address) {
        this.address = address;
    }

    @Override
    public SessionBackend connect() throws Exception {
        return new StateServerBackend(StateServerConnection.connect(address, connector, CONNECT_TIMEOUT));
    }

    @Override
    public IoTransport transport() {
        return IoTransport.of(group);
    }

    @Override
    public ScheduledExecutorService pacer() {
        return group.next();
    }

    @Override
    public String name() {
        return "aspstate";
    }

    @Override
    public void close() {
        ClientLoops.shutDown(group);
    }
}
