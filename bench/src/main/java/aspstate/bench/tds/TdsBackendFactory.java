package aspstate.bench.tds;

import aspstate.bench.OwnClientFactory;
import aspstate.bench.SessionBackend;
import aspstate.tds.client.TdsClient;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Connections to a server of the ASPState procedures (SQL Server mode), through the project's TDS client, which
 * sends the calls as ASP.NET's SqlClient does. The application id is asked for once, on the first connection, as
 * ASP.NET asks once per application domain. All connections share one I/O thread, as the StateServer ones do.
 */
public final class TdsBackendFactory extends OwnClientFactory {
    /** The application path every bench session belongs to; its id becomes the session ids' suffix. */
    static final String APP_NAME = "/LM/W3SVC/1/ROOT/bench";

    private static final Duration LOGIN_TIMEOUT = Duration.ofSeconds(10);

    private final InetSocketAddress address;
    private String appSuffix;

    public TdsBackendFactory(InetSocketAddress address) {
        this.address = address;
    }

    /** The target is loopback only (checked by Targets), where the server accepts any login and TLS adds nothing. */
    @Override
    public SessionBackend connect() throws Exception {
        AspStateCalls calls = new AspStateCalls(TdsClient.connect(address, group, "bench", "bench", LOGIN_TIMEOUT));
        try {
            return new TdsBackend(calls, appSuffix(calls));
        } catch (Exception | Error e) {
            calls.close();
            throw e;
        }
    }

    /** ASP.NET appends {@code appId.ToString("x8")} to every session id. */
    private synchronized String appSuffix(AspStateCalls calls) throws Exception {
        if (appSuffix == null) {
            appSuffix =
                    String.format("%08x", calls.appId(APP_NAME).get(LOGIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
        }
        return appSuffix;
    }

    @Override
    public String name() {
        return "aspstate-tds";
    }
}
