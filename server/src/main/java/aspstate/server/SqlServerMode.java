package aspstate.server;

import aspstate.core.Clock;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.SessionStore;
import aspstate.tds.TdsListener;
import aspstate.tds.TdsSettings;
import aspstate.tds.aspstate.AspStateCatalog;
import java.net.InetSocketAddress;

/**
 * ASP.NET's SQL Server mode: the TDS listener serving the ASPState procedures over two memory stores of its own,
 * one for session items and one for application ids (kept apart so that names never meet session ids). Each store
 * gets the configured memory limit: the app-id store stays tiny, and splitting one budget between protocols would
 * make a limit nobody could predict. Logins are checked against {@code --tds-user}. Closing stops the listener
 * first, then the stores.
 */
final class SqlServerMode implements AutoCloseable {
    private final SessionStore<SqlSessionItem> sessions;
    private final SessionStore<AppRegistration> appIds;
    private final TdsListener listener;

    private SqlServerMode(SessionStore<SqlSessionItem> sessions, SessionStore<AppRegistration> appIds,
                          TdsListener listener) {
        this.sessions = sessions;
        this.appIds = appIds;
        this.listener = listener;
    }

    /** @throws UserError when the address cannot be listened on, naming --tds-port or --tds-bind */
    static SqlServerMode start(TdsSettings settings, ServeOptions options) {
        SessionStore<SqlSessionItem> sessions = new MemorySessionStore<>(Clock.SYSTEM, options.memoryStore());
        SessionStore<AppRegistration> appIds = new MemorySessionStore<>(Clock.SYSTEM, options.memoryStore());
        try {
            TdsListener listener = TdsListener.start(settings, AspStateCatalog.create(sessions, appIds),
                    options.tdsLogins());
            return new SqlServerMode(sessions, appIds, listener);
        } catch (InterruptedException e) {
            closeStores(sessions, appIds);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting", e);
        } catch (Exception e) { // Netty rethrows bind failures (checked IOExceptions) without declaring them
            closeStores(sessions, appIds);
            throw ListenFailure.explain(e, settings.bindAddress(), settings.port(),
                    options.where(ServeCommand.TDS_PORT), options.where(ServeCommand.TDS_BIND));
        }
    }

    /** The listener's actual address (with the real port when 0 was asked for). */
    InetSocketAddress address() {
        return listener.address();
    }

    @Override
    public void close() {
        try {
            listener.close();
        } finally {
            closeStores(sessions, appIds);
        }
    }

    private static void closeStores(SessionStore<SqlSessionItem> sessions, SessionStore<AppRegistration> appIds) {
        try {
            sessions.close();
        } finally {
            appIds.close();
        }
    }
}
