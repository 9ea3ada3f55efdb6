package aspstate.core.stores;

import aspstate.core.corecache.CacheEntry;
import aspstate.core.inspect.CoreSessionBlob;
import aspstate.core.inspect.SessionBlob;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.KeyRule;
import aspstate.core.store.StoredValue;
import java.util.List;
import java.util.Optional;

/**
 * Which store, with the type of the values it keeps: the server runs one store of each, and a {@link StoreSet} gives
 * the store of an id typed, so that no caller casts. The names are seen outside the process and never change: a
 * store's {@link #name() name} is its cluster cache's (every node must agree on it) and what the journal's tools
 * print, its {@link #label() label} what metrics, the admin API's paths and its statistics call it.
 *
 * @param <V> the values the store keeps
 */
public sealed class StoreId<V extends StoredValue> permits SessionStoreId {
    public static final SessionStoreId<SessionEntry> STATESERVER = new SessionStoreId<>(
            "stateserver", "stateserver", "stateserver", SessionEntry.class, KeyRule.AS_SENT, SessionBlob::decode);
    /** ASPState's sessions and those of the async provider's own tables. */
    public static final SessionStoreId<SqlSessionItem> SQL_SESSIONS = new SessionStoreId<>(
            "sqlstate-sessions", "sqlstate", "tds", SqlSessionItem.class, KeyRule.WITHOUT_CASE, SessionBlob::decode);

    public static final StoreId<AppRegistration> SQL_APP_IDS =
            new StoreId<>("sqlstate-appids", "sqlstate-appids", "tds", AppRegistration.class);
    public static final SessionStoreId<SharePointStateItem> SHAREPOINT_ITEMS = new SessionStoreId<>(
            "spstate-items", "spstate", "tds", SharePointStateItem.class, KeyRule.WITHOUT_CASE, SessionBlob::decode);
    /** ASP.NET Core's distributed SQL Server cache, where its session middleware keeps sessions in its own format. */
    public static final SessionStoreId<CacheEntry> CORE_CACHE_ENTRIES = new SessionStoreId<>(
            "corecache-entries", "corecache", "tds", CacheEntry.class, KeyRule.TABLE_ROW, CoreSessionBlob::decode);

    private static final List<StoreId<?>> ALL =
            List.of(STATESERVER, SQL_SESSIONS, SQL_APP_IDS, SHAREPOINT_ITEMS, CORE_CACHE_ENTRIES);
    private static final List<SessionStoreId<?>> SESSIONS =
            List.of(STATESERVER, SQL_SESSIONS, SHAREPOINT_ITEMS, CORE_CACHE_ENTRIES);

    private final String name;
    private final String label;
    private final String protocol;
    private final Class<V> valueType;

    StoreId(String name, String label, String protocol, Class<V> valueType) {
        this.name = name;
        this.label = label;
        this.protocol = protocol;
        this.valueType = valueType;
    }

    /** Every store, in the order the server starts, lists and reports them. */
    public static List<StoreId<?>> all() {
        return ALL;
    }

    /** The stores of sessions, in the same order: the application ids are not sessions. */
    public static List<SessionStoreId<?>> sessions() {
        return SESSIONS;
    }

    /** The store whose {@link #name()} this is (a cluster cache's name, say). */
    public static Optional<StoreId<?>> named(String name) {
        return ALL.stream().filter(id -> id.name.equals(name)).findFirst();
    }

    /** The store of sessions whose {@link #label()} this is, as an operator names it. */
    public static Optional<SessionStoreId<?>> labeled(String label) {
        return SESSIONS.stream().filter(id -> id.label().equals(label)).findFirst();
    }

    /** Its cluster cache's name, and what the journal's tools call it. */
    public String name() {
        return name;
    }

    /** What metrics (their store label), the admin API (its paths) and the admin commands call it. */
    public String label() {
        return label;
    }

    /** The listener that serves it, as the metrics' protocol label says: stateserver or tds. */
    public String protocol() {
        return protocol;
    }

    /** The type of its values, to check a value that comes untyped (read back from a journal). */
    public Class<V> valueType() {
        return valueType;
    }

    /** False for the store that keeps something other than sessions (the application ids). */
    public boolean holdsSessions() {
        return false;
    }

    @Override
    public String toString() {
        return name;
    }
}
