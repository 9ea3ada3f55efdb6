package aspstate.store.infinispan;

import org.infinispan.protostream.WrappedMessage;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/**
 * What the cache holds for a key: a stored value and the stamp of the write that put it there. Two instances are
 * equal when their stamps are, whatever their values: that is what lets a conditional write ({@code replace(key,
 * expected, new)}, {@code remove(key, expected)}) run on the key's primary owner with an expectation that carries
 * only the stamp, and what makes Infinispan's retry of such a write after a topology change correct (the retry
 * counts "the new value is already there" as success, and the new stamp says exactly that).
 *
 * <p>Stamps are random 64-bit numbers, unique per write; a write never reuses the stamp it replaces.
 */
@ProtoTypeId(SchemaTypeIds.STAMPED)
public final class Stamped {
    private final long stamp;
    private final Object value;

    Stamped(long stamp, Object value) {
        this.stamp = stamp;
        this.value = value;
    }

    @ProtoFactory
    static Stamped create(long stamp, WrappedMessage wrappedValue) {
        return new Stamped(stamp, wrappedValue == null ? null : wrappedValue.getValue());
    }

    @ProtoField(number = 1, defaultValue = "0")
    long getStamp() {
        return stamp;
    }

    /** The value, wrapped with its type so that one cache entry class carries every kind of stored value. */
    @ProtoField(number = 2)
    WrappedMessage getWrappedValue() {
        return value == null ? null : new WrappedMessage(value);
    }

    long stamp() {
        return stamp;
    }

    Object value() {
        return value;
    }

    /** The same stamp without the value: the expectation of a conditional write, small on the wire. */
    Stamped expectation() {
        return value == null ? this : new Stamped(stamp, null);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Stamped && ((Stamped) other).stamp == stamp;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(stamp);
    }

    @Override
    public String toString() {
        return "Stamped[" + Long.toHexString(stamp) + " " + value + "]";
    }
}
