package aspstate.bench;

import aspstate.transport.IoTransport;
import java.util.concurrent.ScheduledExecutorService;

/** Opens connections to one system under test; one factory per target, one backend per connection. */
public interface BackendFactory extends AutoCloseable {

    SessionBackend connect() throws Exception;

    /** A short name for reports, e.g. "aspstate" or "redis". */
    String name();

    /** How this factory's connections reach the kernel, for the report: the generator's clients all use one. */
    IoTransport transport();

    /**
     * Where paced and open-loop runs start their pages: the one I/O loop this factory's connections share, so that a
     * page's first request is written on the thread that reads its answers, as the page's later requests are. A
     * timer thread of its own would hand every start over to that loop, and on the generator's one core the handover
     * waits until the busy loop is switched out, time the request's latency would count as the server's. The factory
     * owns it: callers schedule on it and never shut it down.
     */
    ScheduledExecutorService pacer();

    @Override
    void close();
}
