package aspstate.store.infinispan;

import aspstate.core.store.StoredValue;
import aspstate.store.journal.StoreKind;
import aspstate.store.journal.ValueCodec;
import java.nio.ByteBuffer;
import java.util.function.Function;
import org.infinispan.functional.EntryView;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/**
 * A write that keeps a value's payload (a read sliding the expiry, a lock taken or released), which every owner of
 * the key applies to its own copy: only the new stamp, version, horizon and the value's metadata (as a journal writes
 * it, {@link ValueCodec} without the payload) travel between nodes, never the session's bytes. A replace would ship
 * the whole value to the other owners for each such change, and a large session read in a loop then exhausts the
 * cluster's flow-control credits, which blocks the sending thread.
 *
 * <p>Applied only over the copy that has the stamp the change was computed from, like a conditional replace; a copy
 * that already has the new stamp counts as applied, so Infinispan's retry of the command after a topology change
 * never applies it twice. Every owner runs it on its own copy, so no owner may be left with an older copy than the
 * primary's: an owner that finds the new stamp already there writes it again (see {@link #apply}).
 */
@ProtoTypeId(SchemaTypeIds.METADATA_UPDATE)
public final class MetadataUpdate implements Function<EntryView.ReadWriteEntryView<String, Stamped>, Boolean> {
    private final long expected;
    private final long stamp;
    private final long version;
    private final long horizon;
    private final int kind;
    private final byte[] metadata;

    @ProtoFactory
    MetadataUpdate(long expected, long stamp, long version, long horizon, int kind, byte[] metadata) {
        this.expected = expected;
        this.stamp = stamp;
        this.version = version;
        this.horizon = horizon;
        this.kind = kind;
        this.metadata = metadata;
    }

    /** The change from {@code current} to {@code next}, whose value holds the payload of {@code current}'s. */
    static MetadataUpdate of(StoreKind kind, Stamped current, Stamped next) {
        ValueCodec<StoredValue> codec = kind.codec();
        StoredValue value = (StoredValue) next.value();
        ByteBuffer metadata = ByteBuffer.allocate(codec.size(value, false));
        codec.write(value, false, metadata);
        return new MetadataUpdate(
                current.stamp(), next.stamp(), next.version(), next.horizon(), kind.id(), metadata.array());
    }

    @Override
    public Boolean apply(EntryView.ReadWriteEntryView<String, Stamped> view) {
        Stamped found = view.peek().orElse(null);
        if (found == null) {
            return false;
        }
        if (found.stamp() == stamp) {
            // Set again, so that it counts as this command's write: an owner that is receiving the key by state
            // transfer then keeps it rather than an older copy the transfer brings afterwards.
            view.set(found);
            return true;
        }
        if (found.stamp() != expected
                || !(found.value() instanceof StoredValue before)
                || before instanceof Tombstone) {
            return false;
        }
        ValueCodec<StoredValue> codec = StoreKind.withId(kind)
                .orElseThrow(() -> new IllegalArgumentException("a metadata update of unknown store kind " + kind))
                .codec();
        view.set(new Stamped(stamp, version, horizon, codec.readMetadata(ByteBuffer.wrap(metadata), before)));
        return true;
    }

    @ProtoField(number = 1, defaultValue = "0")
    long getExpected() {
        return expected;
    }

    @ProtoField(number = 2, defaultValue = "0")
    long getStamp() {
        return stamp;
    }

    @ProtoField(number = 3, defaultValue = "0")
    long getVersion() {
        return version;
    }

    @ProtoField(number = 4, defaultValue = "0")
    long getHorizon() {
        return horizon;
    }

    @ProtoField(number = 5, defaultValue = "0")
    int getKind() {
        return kind;
    }

    @ProtoField(number = 6)
    byte[] getMetadata() {
        return metadata;
    }
}
