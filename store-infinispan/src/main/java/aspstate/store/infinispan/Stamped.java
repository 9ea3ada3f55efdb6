package aspstate.store.infinispan;

import org.infinispan.protostream.WrappedMessage;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/**
 * What the cache holds for a key: a stored value, the stamp of the write that put it there, its version and its
 * horizon.
 *
 * <p>Two instances are equal when their stamps are, whatever their values: that is what lets a conditional write
 * ({@code replace(key, expected, new)}, {@code remove(key, expected)}) run on the key's primary owner with an
 * expectation that carries only the stamp, and what makes Infinispan's retry of such a write after a topology change
 * correct (the retry counts "the new value is already there" as success, and the new stamp says exactly that).
 * Stamps are random 64-bit numbers, unique per write; a write never reuses the stamp it replaces.
 *
 * <p>The version orders the writes of a key across nodes and restarts: every write takes one above the version it
 * replaces and at least the wall-clock time in units of 1/1024 ms (so a key deleted long ago and written again starts
 * above any copy of its past a journal may still hold). After a whole cluster restarts, the highest version of each
 * key wins. The horizon is the latest expiry any version of the key has had: no older copy can be live after it, so
 * a deletion is remembered (as a {@link Tombstone}) until then.
 */
@ProtoTypeId(SchemaTypeIds.STAMPED)
public final class Stamped {
    /** Versions count in these fractions of a millisecond of wall-clock time. */
    private static final int VERSIONS_PER_MILLI = 1024;

    private final long stamp;
    private final long version;
    private final long horizon;
    private final Object value;

    Stamped(long stamp, long version, long horizon, Object value) {
        this.stamp = stamp;
        this.version = version;
        this.horizon = horizon;
        this.value = value;
    }

    @ProtoFactory
    static Stamped create(long stamp, WrappedMessage wrappedValue, long version, long horizon) {
        return new Stamped(stamp, version, horizon, wrappedValue == null ? null : wrappedValue.getValue());
    }

    /** The version of a write that replaces {@code current} (null: the key is absent) at {@code nowMillis}. */
    static long nextVersion(Stamped current, long nowMillis) {
        long clock = nowMillis * VERSIONS_PER_MILLI;
        return current == null ? clock : Math.max(current.version + 1, clock);
    }

    /** The horizon of a write of {@code expiresAtMillis} that replaces {@code current}. */
    static long nextHorizon(Stamped current, long expiresAtMillis) {
        return current == null ? expiresAtMillis : Math.max(current.horizon, expiresAtMillis);
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

    @ProtoField(number = 3, defaultValue = "0")
    long getVersion() {
        return version;
    }

    @ProtoField(number = 4, defaultValue = "0")
    long getHorizon() {
        return horizon;
    }

    long stamp() {
        return stamp;
    }

    long version() {
        return version;
    }

    long horizon() {
        return horizon;
    }

    Object value() {
        return value;
    }

    /** The same stamp without the value: the expectation of a conditional write, small on the wire. */
    Stamped expectation() {
        return value == null ? this : new Stamped(stamp, version, horizon, null);
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
        return "Stamped[" + Long.toHexString(stamp) + " v" + version + " " + value + "]";
    }
}
