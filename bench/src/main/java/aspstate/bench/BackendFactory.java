package aspstate.bench;

import aspstate.transport.IoTransport;

/** Opens connections to one system under test; one factory per target, one backend per connection. */
public interface BackendFactory extends AutoCloseable {

    SessionBackend connect() throws Exception;

    /** A short name for reports, e.g. "aspstate" or "redis". */
    String name();

    /** How this factory's connections reach the kernel, for the report: the generator's clients all use one. */
    IoTransport transport();

    @Override
    void close();
}
