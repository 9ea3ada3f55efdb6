package aspstate.store.journal;

import java.util.Arrays;
import java.util.Optional;

/**
 * The stores a journal keeps, each with the number its records carry on disk (never to be reused for another kind)
 * and the codec of its values.
 */
public enum StoreKind {
    STATESERVER(1, "stateserver", new SessionEntryCodec()),
    SQL_SESSIONS(2, "sqlstate-sessions", new SqlSessionItemCodec()),
    SQL_APP_IDS(3, "sqlstate-appids", new AppRegistrationCodec()) {
        @Override
        public boolean holdsSessions() {
            return false;
        }
    },
    SHAREPOINT_ITEMS(4, "spstate-items", new SharePointItemCodec()),
    CORE_CACHE_ENTRIES(5, "corecache-entries", new CacheEntryCodec());

    private final int id;
    private final String storeName;
    private final ValueCodec<?> codec;

    StoreKind(int id, String storeName, ValueCodec<?> codec) {
        this.id = id;
        this.storeName = storeName;
        this.codec = codec;
    }

    /** False for a store that keeps something other than sessions (the application ids). */
    public boolean holdsSessions() {
        return true;
    }

    /** The number records of this store carry. */
    public int id() {
        return id;
    }

    /** The store's name in the server (and in metrics). */
    public String storeName() {
        return storeName;
    }

    /** How a single node's journal writes this store's values. */
    @SuppressWarnings("unchecked")
    public <V> ValueCodec<V> codec() {
        return (ValueCodec<V>) codec;
    }

    public static Optional<StoreKind> named(String storeName) {
        return Arrays.stream(values())
                .filter(kind -> kind.storeName.equals(storeName))
                .findFirst();
    }

    public static Optional<StoreKind> withId(int id) {
        return Arrays.stream(values()).filter(kind -> kind.id == id).findFirst();
    }
}
