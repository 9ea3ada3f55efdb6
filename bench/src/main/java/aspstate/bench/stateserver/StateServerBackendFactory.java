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
    /**
     * The transport lettuce takes for the Redis runs (epoll, else Java's selector), so that a comparison measures the
     * servers and not a cheaper client: io_uring would also spare the generator's core system calls.
     */
    private final EventLoopGroup group = (IoTransport.EPOLL.isAvailable() ? IoTransport.EPOLL : IoTransport.NIO)
            .newGroup(1);

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
