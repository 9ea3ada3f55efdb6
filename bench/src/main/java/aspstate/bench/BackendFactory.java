package aspstate.bench;

/** Opens connections to one system under test; one factory per target, one backend per connection. */
public interface BackendFactory extends AutoCloseable {

    SessionBackend connect() throws Exception;

    /** A short name for reports, e.g. "aspstate" or "redis". */
    String name();

    @Override
    void close();
}
