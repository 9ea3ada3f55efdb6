package aspstate.bench.corecache;

import aspstate.bench.OwnClientFactory;
import aspstate.bench.SessionBackend;
import aspstate.tds.client.TdsClient;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * Connections to a server of ASP.NET Core's distributed SQL Server cache statements (the tds-core-cache target),
 * through the project's TDS client sending them as SqlClient does. All connections share one I/O thread, as the
 * other targets' do.
 */
public final class CoreCacheBackendFactory extends OwnClientFactory {
    private static final Duration LOGIN_TIMEOUT = Duration.ofSeconds(10);

    private final InetSocketAddress address;

    public CoreCacheBackendFactory(InetSocketAddress address) {
        this.address = address;
    }

    /** The target is loopback only (checked by Targets), where the server accepts any login and TLS adds nothing. */
    @Override
    public SessionBackend connect() throws Exception {
        return new CoreCacheBackend(
                new CoreCacheCalls(TdsClient.connect(address, group, "bench", "bench", LOGIN_TIMEOUT)));
    }

    @Override
    public String name() {
        return "aspstate-tds-core-cache";
    }
}
