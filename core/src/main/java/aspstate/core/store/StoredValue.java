package aspstate.core.store;

/** What a store needs to know about a value it keeps: when it expires and how many bytes it accounts for. */
public interface StoredValue {
    /** Value of {@link #NEVER} never expires. */
    long NEVER = Long.MAX_VALUE;

    long expiresAtMillis();

    /** Bytes counted against the store's memory limit, excluding the key. */
    long sizeInBytes();

    default boolean isExpiredAt(long nowMillis) {
        return nowMillis >= expiresAtMillis();
    }
}
