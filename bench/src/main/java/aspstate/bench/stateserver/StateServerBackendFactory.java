package aspstate.bench.stateserver;

import aspstate.bench.BackendFactory;
import aspstate.bench.ClientLoops;
import aspstate.bench.SessionBackend;
import aspstate.stateserver.client.StateServerClient;
import aspstate.transport.IoTransport;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.util.concurrent.ScheduledExecutorService;

/** Connections to a StateServer-protocol server; all share one I/O thread ({@link ClientLoops}). */
public final class StateServerBackendFactory implements BackendFactory {
    private final InetSocketAddress address;
    private final EventLoopGroup group = ClientLoops.newGroup();

    public StateServerBackendFactory(InetSocketAddress address) {
        this.address = address;
    }

    @Override
    public SessionBackend connect() throws Exception {
        return new StateServerBackend(StateServerClient.connect(address, group));
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
