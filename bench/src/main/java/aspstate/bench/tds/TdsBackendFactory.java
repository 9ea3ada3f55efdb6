package aspstate.bench.tds;

import aspstate.bench.BackendFactory;
import aspstate.bench.SessionBackend;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Connections to a server of the ASPState procedures (SQL Server mode), through mssql-jdbc. The application id
 * is asked for once, on the first connection, as ASP.NET asks once per application domain.
 */
public final class TdsBackendFactory implements BackendFactory {
    /** The application path every bench session belongs to; its id becomes the session ids' suffix. */
    static final String APP_NAME = "/LM/W3SVC/1/ROOT/bench";

    private final String url;
    private String appSuffix;

    public TdsBackendFactory(InetSocketAddress address) {
        // The target is loopback only (checked by Targets), where the server accepts any login and TLS adds nothing.
        this.url = "jdbc:sqlserver://" + address.getHostString() + ":" + address.getPort()
                + ";encrypt=false;user=bench;password=bench;loginTimeout=10";
    }

    @Override
    public SessionBackend connect() throws SQLException {
        Connection connection = DriverManager.getConnection(url);
        try {
            AspStateCalls calls = new AspStateCalls(connection);
            return new TdsBackend(calls, appSuffix(calls));
        } catch (SQLException | RuntimeException | Error e) {
            connection.close();
            throw e;
        }
    }

    /** ASP.NET appends {@code appId.ToString("x8")} to every session id. */
    private synchronized String appSuffix(AspStateCalls calls) throws SQLException {
        if (appSuffix == null) {
            appSuffix = String.format("%08x", calls.appId(APP_NAME));
        }
        return appSuffix;
    }

    @Override
    public String name() {
        return "aspstate-tds";
    }

    /** Nothing is shared between connections: each backend closes its own. */
    @Override
    public void close() {
    }
}
