package aspstate.tds;

import aspstate.tds.login.LoginRequest;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.statement.StatementCatalog;
import aspstate.transport.InboundBudget;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A real TDS listener on a free loopback port serving {@link TestProcedures} or a given catalog, recording every
 * login attempt; it accepts them all unless given an authenticator.
 */
final class TestServer implements AutoCloseable {
    private final BlockingQueue<LoginRequest> logins = new LinkedBlockingQueue<>();
    final TestProcedures procedures = new TestProcedures();
    /** What unfinished messages hold, all connections together; tests of that limit read it. */
    final InboundBudget inbound = InboundBudget.unshared(2L * TdsSettings.DEFAULT_MAX_MESSAGE_BYTES);

    final TdsListener listener;

    TestServer() {
        this(TdsSettings.defaults().withPort(0));
    }

    TestServer(TdsSettings settings) {
        listener = start(settings, procedures.catalog(), LoginAuthenticator.ACCEPT_ALL);
    }

    /** Serves {@code catalog} instead of the test procedures. */
    TestServer(ProcedureCatalog catalog) {
        listener = start(TdsSettings.defaults().withPort(0), catalog, LoginAuthenticator.ACCEPT_ALL);
    }

    /** Serves {@code catalog} with {@code settings}. */
    TestServer(TdsSettings settings, ProcedureCatalog catalog) {
        listener = start(settings, catalog, LoginAuthenticator.ACCEPT_ALL);
    }

    /** Serves the procedures and statements of {@code catalogs}. */
    TestServer(ServedCatalogs catalogs) {
        listener = start(
                TdsSettings.defaults().withPort(0),
                catalogs.procedures(),
                catalogs.statements(),
                LoginAuthenticator.ACCEPT_ALL);
    }

    /** Lets in only the logins {@code authenticator} accepts. */
    TestServer(LoginAuthenticator authenticator) {
        listener = start(TdsSettings.defaults().withPort(0), procedures.catalog(), authenticator);
    }

    private TdsListener start(TdsSettings settings, ProcedureCatalog catalog, LoginAuthenticator authenticator) {
        return start(settings, catalog, StatementCatalog.NONE, authenticator);
    }

    private TdsListener start(
            TdsSettings settings,
            ProcedureCatalog catalog,
            StatementCatalog statements,
            LoginAuthenticator authenticator) {
        try {
            return TdsListener.start(
                    null,
                    settings,
                    catalog,
                    statements,
                    (login, peer) -> {
                        logins.add(login);
                        return authenticator.accepts(login, peer);
                    },
                    inbound);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    InetSocketAddress address() {
        return listener.address();
    }

    /** mssql-jdbc, as an application would use it, without TLS. */
    Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlserver://127.0.0.1:"
                + address().getPort() + ";encrypt=false;user=sa;password=x;loginTimeout=10");
    }

    /**
     * jTDS 1.3.1, which speaks TDS 7.1 (its default for SQL Server, also named by {@code ;tds=8.0}).
     *
     * @param options appended to the URL, each led by ';'
     */
    Connection connectJtds(String options) throws SQLException {
        return DriverManager.getConnection("jdbc:jtds:sqlserver://127.0.0.1:"
                + address().getPort() + "/ASPState;user=sa;password=x;loginTimeout=10" + options);
    }

    /** The next login attempt, waiting at most 10 seconds. */
    LoginRequest nextLogin() throws InterruptedException {
        LoginRequest login = logins.poll(10, TimeUnit.SECONDS);
        if (login == null) {
            throw new AssertionError("no login within 10 seconds");
        }
        return login;
    }

    @Override
    public void close() {
        listener.close();
    }
}
