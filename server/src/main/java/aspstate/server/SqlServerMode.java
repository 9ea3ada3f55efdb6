package aspstate.server;

import aspstate.core.Clock;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.SessionStore;
import aspstate.tds.TdsListener;
import aspstate.tds.TdsSettings;
import aspstate.tds.aspstate.AspStateCatalog;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.sharepoint.SharePointCatalog;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * ASP.NET's SQL Server mode and SharePoint's State Service: the TDS listener serving the ASPState and the SharePoint
 * procedures over three memory stores of its own, one for session items, one for application ids and one for
 * SharePoint items (kept apart so that names and ids of one never meet those of another). All of them draw on the
 * process's one memory budget, shared with the StateServer store, so --max-memory bounds the heap whatever mix
 * of protocols is in use. Logins are checked against {@code --tds-user}. Closing stops the listener first, then
 * the stores.
 */
final class SqlServerMode implements AutoCloseable {
    private final List<SessionStore<?>> stores;
    private final TdsListener listener;

    private SqlServerMode(List<SessionStore<?>> stores, TdsListener listener) {
        this.stores = stores;
        this.listener = listener;
    }

    /** @throws UserError when the address cannot be listened on, naming --tds-port or --tds-bind */
    static SqlServerMode start(TdsSettings settings, ServeOptions options, MemoryBudget budget) {
        SessionStore<SqlSessionItem> sessions = new MemorySessionStore<>(Clock.SYSTEM, options.memoryStore(), budget);
        SessionStore<AppRegistration> appIds = new MemorySessionStore<>(Clock.SYSTEM, options.memoryStore(), budget);
        SessionStore<SharePointStateItem> sharePointItems =
                new MemorySessionStore<>(Clock.SYSTEM, options.memoryStore(), budget);
        List<SessionStore<?>> stores = List.of(sessions, appIds, sharePointItems);
        try {
            ProcedureCatalog catalog = ProcedureCatalog.combine(AspStateCatalog.create(sessions, appIds),
                    SharePointCatalog.create(sharePointItems));
            return new SqlServerMode(stores, TdsListener.start(settings, catalog, options.tdsLogins()));
        } catch (InterruptedException e) {
            closeStores(stores);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting", e);
        } catch (Exception e) { // Netty rethrows bind failures (checked IOExceptions) without declaring them
            closeStores(stores);
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
            closeStores(stores);
        }
    }

    /** Closes every store even when one fails; the first failure is thrown with the later ones suppressed. */
    private static void closeStores(List<SessionStore<?>> stores) {
        RuntimeException failure = null;
        for (SessionStore<?> store : stores) {
            try {
                store.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
