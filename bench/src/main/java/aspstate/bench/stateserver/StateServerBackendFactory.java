package aspstate.bench.stateserver;

import aspstate.bench.BackendFactory;
import aspstate.bench.SessionBackend;
import aspstate.stateserver.client.StateServerClient;
import aspstate.transport.IoTransport;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Connections to a StateServer-protocol server. All connections share one I/O thread: the load generator is
 * pinned to one core, where more threads would only add switching.
 */
public final class StateServerBackendFactory implements BackendFactory {
    private final InetSocketAddress address;
    private final EventLoopGroup group = IoTransport.best().newGroup(1);

    public StateServerBackendFactory(InetSocketAddress address) {
        this.address = address;
    }

    @Override
    public SessionBackend connect() throws Exception {
        return new StateServerBackend(StateServerClient.connect(address, group));
    }

    @Override
    public String name() {
        return "aspstate";
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
