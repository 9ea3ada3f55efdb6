package aspstate.store.journal;

import aspstate.core.stores.StoreId;
import java.util.Arrays;
import java.util.Optional;

/**
 * The stores a journal keeps, each with the number its records carry on disk (never to be reused for another kind)
 * and the codec of its values.
 */
public enum StoreKind {
    STATESERVER(1, StoreId.STATESERVER, new SessionEntryCodec()),
    SQL_SESSIONS(2, StoreId.SQL_SESSIONS, new SqlSessionItemCodec()),
    SQL_APP_IDS(3, StoreId.SQL_APP_IDS, new AppRegistrationCodec()),
    SHAREPOINT_ITEMS(4, StoreId.SHAREPOINT_ITEMS, new SharePointItemCodec()),
    CORE_CACHE_ENTRIES(5, StoreId.CORE_CACHE_ENTRIES, new CacheEntryCodec());

    /** {@link #values()} copies its array at each call. */
    private static final StoreKind[] KINDS = values();

    private final int id;
    private final StoreId<?> store;
    private final ValueCodec<?> codec;

    StoreKind(int id, StoreId<?> store, ValueCodec<?> codec) {
        this.id = id;
        this.store = store;
        this.codec = codec;
    }

    /** The number records of this store carry. */
    public int id() {
        return id;
    }

    /** The store whose records these are. */
    public StoreId<?> store() {
        return store;
    }

    /** How a single node's journal writes this store's values. */
    @SuppressWarnings("unchecked")
    public <V> ValueCodec<V> codec() {
        return (ValueCodec<V>) codec;
    }

    /** The kind of that store's records: every store has one. */
    public static StoreKind of(StoreId<?> store) {
        return Arrays.stream(values())
                .filter(kind -> kind.store == store)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no journal kind for " + store));
    }

    /** The kind whose records carry {@code id}; asked for each metadata update a cluster node applies. */
    public static Optional<StoreKind> withId(int id) {
        for (StoreKind kind : KINDS) {
            if (kind.id == id) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}
