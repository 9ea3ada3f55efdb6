package aspstate.store.infinispan;

import aspstate.core.store.StoredValue;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/**
 * What a deleted entry leaves for a while instead of nothing: to every reader it is absent, but it is a write like
 * any other. Infinispan 16.1's state transfer can leave a removed entry behind in a node's file store when the
 * remove races with a rebalance (seen in tests: the entry came back from the store after the next rebalance, or at
 * the next restart); a write racing with a rebalance does not. The {@link Sweep} removes a tombstone once it is
 * older than {@link #LIFETIME_MILLIS}, long after any rebalance that saw the live entry has finished; should that
 * removal leave the tombstone behind in a file store, it is still a tombstone, still absent.
 *
 * @param deletedAtMillis when the entry was deleted
 */
@ProtoTypeId(SchemaTypeIds.TOMBSTONE)
public record Tombstone(long deletedAtMillis) implements StoredValue {
    /** How long a tombstone stays before the sweep removes it. */
    public static final long LIFETIME_MILLIS = 120_000;

    @ProtoFactory
    public Tombstone {
    }

    @ProtoField(number = 1, defaultValue = "0")
    public long deletedAtMillis() {
        return deletedAtMillis;
    }

    /** When the sweep may remove it. */
    @Override
    public long expiresAtMillis() {
        return deletedAtMillis + LIFETIME_MILLIS;
    }

    @Override
    public long sizeInBytes() {
        return 0;
    }
}
