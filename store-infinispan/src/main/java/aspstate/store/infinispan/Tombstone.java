package aspstate.store.infinispan;

import aspstate.core.store.StoredValue;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/**
 * What a deleted entry leaves instead of nothing: to every reader it is absent, but it is a versioned write like any
 * other, so that a journal's older copy of the entry cannot come back when the nodes merge what they kept after a
 * whole-cluster restart, nor when a node that was away rejoins. It stays until no older copy can still be live (the
 * entry's {@link Stamped} horizon), and at least {@link #MIN_LIFETIME_MILLIS}; then the {@link Sweep} removes it.
 *
 * @param deletedAtMillis when the entry was deleted
 * @param untilMillis     when the sweep may remove it
 */
@ProtoTypeId(SchemaTypeIds.TOMBSTONE)
public record Tombstone(long deletedAtMillis, long untilMillis) implements StoredValue {
    /** A tombstone outlives any rebalance that saw the live entry. */
    public static final long MIN_LIFETIME_MILLIS = 120_000;

    @ProtoFactory
    public Tombstone {}

    /** The tombstone of an entry deleted at {@code nowMillis} whose versions were live until {@code horizon}. */
    static Tombstone of(long nowMillis, long horizon) {
        return new Tombstone(nowMillis, Math.max(horizon, nowMillis + MIN_LIFETIME_MILLIS));
    }

    @ProtoField(number = 1, defaultValue = "0")
    public long deletedAtMillis() {
        return deletedAtMillis;
    }

    @ProtoField(number = 2, defaultValue = "0")
    public long untilMillis() {
        return untilMillis;
    }

    /** When the sweep may remove it. */
    @Override
    public long expiresAtMillis() {
        return untilMillis;
    }

    @Override
    public long sizeInBytes() {
        return 0;
    }
}
