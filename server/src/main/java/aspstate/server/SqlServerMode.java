package aspstate.server;

import aspstate.core.stores.StoreId;
import aspstate.tds.ServedCatalogs;
import aspstate.tds.TdsListener;
import aspstate.tds.TdsSettings;
import aspstate.transport.ConnectionStatistics;
import aspstate.transport.ServerEventLoops;
import java.net.InetSocketAddress;

/**
 * ASP.NET's SQL Server mode, SharePoint's State Service and ASP.NET Core's distributed SQL Server cache: the TDS
 * listener serving what {@link ServedCatalogs} lists over four stores of their own, one for session items, one for
 * application ids, one for SharePoint items and one for cache entries (kept apart so that names and ids of one
 * never meet those of another). Logins are checked against {@code --tds-user}. The stores belong to the
 * {@link ServerStores}, which closes them.
 */
final class SqlServerMode implements AutoCloseable {
    private final TdsListener listener;
    private final SqlLogins logins;

    private SqlServerMode(TdsListener listener, SqlLogins logins) {
        this.listener = listener;
        this.logins = logins;
    }

    /** @throws UserError when the address cannot be listened on, naming --tds-port or --tds-bind */
    static SqlServerMode start(
            ServerEventLoops loops, TdsSettings settings, ServeOptions options, ServerStores stores) {
        try {
            ServedCatalogs catalogs = ServedCatalogs.create(
                    stores.store(StoreId.SQL_SESSIONS),
                    stores.store(StoreId.SQL_APP_IDS),
                    stores.store(StoreId.SHAREPOINT_ITEMS),
                    stores.store(StoreId.CORE_CACHE_ENTRIES));
            return new SqlServerMode(
                    TdsListener.start(
                            loops,
                            settings,
                            catalogs.procedures(),
                            catalogs.statements(),
                            options.tdsLogins(),
                            stores.inbound()),
                    options.tdsLogins());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting", e);
        } catch (Exception e) { // Netty rethrows bind failures (checked IOExceptions) without declaring them
            throw ListenFailure.explain(
                    e,
                    settings.bindAddress(),
                    settings.port(),
                    options.where(ServerOptions.TDS_PORT),
                    options.where(ServerOptions.TDS_BIND));
        }
    }

    /** The listener's actual address (with the real port when 0 was asked for). */
    InetSocketAddress address() {
        return listener.address();
    }

    TdsSettings settings() {
        return listener.settings();
    }

    /** Who may log in and how, for the startup line: "any login, no TLS", "2 logins, TLS". */
    String describeAccess() {
        int count = logins.count();
        return (count == 0 ? "any login" : count == 1 ? "1 login" : count + " logins") + ", "
                + (settings().tls().isPresent() ? "TLS" : "no TLS");
    }

    boolean isListening() {
        return listener.isListening();
    }

    ConnectionStatistics connections() {
        return listener.statistics();
    }

    @Override
    public void close() {
        listener.close();
    }
}
