package aspstate.bench;

import aspstate.transport.IoTransport;
import io.netty.channel.EventLoopGroup;
import java.util.concurrent.ScheduledExecutorService;

/**
 * A factory of the project's own clients (StateServer, TDS): every connection it opens shares its one I/O thread
 * ({@link ClientLoops}), which paces the pages too and is shut down with it.
 */
public abstract class OwnClientFactory implements BackendFactory {
    /** The one-thread group the connections are opened on. */
    protected final EventLoopGroup group = ClientLoops.newGroup();

    @Override
    public IoTransport transport() {
        return IoTransport.of(group);
    }

    @Override
    public ScheduledExecutorService pacer() {
        return group.next();
    }

    @Override
    public void close() {
        ClientLoops.shutDown(group);
    }
}
