package aspstate.bench;

import aspstate.bench.corecache.CoreCacheBackendFactory;
import aspstate.bench.redis.RedisBackendFactory;
import aspstate.bench.stateserver.StateServerBackendFactory;
import aspstate.bench.tds.TdsBackendFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;

/**
 * Turns a target URI into connections: stateserver://, redis://, tds:// (ASP.NET's SQL Server mode) or
 * tds-core-cache:// (ASP.NET Core's distributed SQL Server cache) and host:port, loopback only.
 */
public final class Targets {
    private Targets() {}

    public static BackendFactory open(String target) {
        URI uri;
        try {
            uri = new URI(target);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("target is not a URI like stateserver://127.0.0.1:42424: " + target);
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException(
                    "target needs a scheme and host, like stateserver://127.0.0.1:42424: " + target);
        }
        // Every client takes this transport (Lettuce's is set from it as its factory loads): one named that this
        // machine cannot use stops here, with the reason, whatever the target.
        ClientLoops.transport();
        switch (uri.getScheme()) {
            case "stateserver":
                return new StateServerBackendFactory(loopback(uri, 42424));
            case "redis":
                return new RedisBackendFactory(loopback(uri, 6379));
            case "tds":
                return new TdsBackendFactory(loopback(uri, 1433));
            case "tds-core-cache":
                return new CoreCacheBackendFactory(loopback(uri, 1433));
            default:
                throw new IllegalArgumentException("unknown target scheme '" + uri.getScheme()
                        + "' (known: stateserver, redis, tds, tds-core-cache)");
        }
    }

    /** The bench only ever loads this machine: a load generator aimed elsewhere is a mistake or worse. */
    private static InetSocketAddress loopback(URI uri, int defaultPort) {
        InetAddress address;
        try {
            address = InetAddress.getByName(uri.getHost().replace("[", "").replace("]", ""));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot resolve target host " + uri.getHost());
        }
        if (!address.isLoopbackAddress()) {
            throw new IllegalArgumentException("targets must be on loopback (127.0.0.0/8 or ::1), got " + address);
        }
        return new InetSocketAddress(address, uri.getPort() < 0 ? defaultPort : uri.getPort());
    }
}
