package aspstate.store.infinispan;

import aspstate.core.store.StoredValue;
import aspstate.store.journal.JournalFormat;
import aspstate.store.journal.StoreKind;
import aspstate.store.journal.ValueCodec;
import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.Map;

/**
 * A cluster node's journal: every entry the node holds (primary and backup copies) as its {@link Stamped} whole, the
 * stamp, version and horizon in front of the value or {@link Tombstone}. Replayed newest version first: a copy that
 * came to the node through a rebalance after a newer one never replaces it.
 */
final class ClusterJournalFormat implements JournalFormat {
    static final ClusterJournalFormat INSTANCE = new ClusterJournalFormat();

    private final Map<StoreKind, StampedCodec> codecs = new EnumMap<>(StoreKind.class);

    private ClusterJournalFormat() {
        for (StoreKind kind : StoreKind.values()) {
            codecs.put(kind, new StampedCodec(kind.codec()));
        }
    }

    @Override
    public int id() {
        return 1;
    }

    @Override
    public String description() {
        return "a cluster node's journal";
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V> ValueCodec<V> codec(StoreKind kind) {
        return (ValueCodec<V>) codecs.get(kind);
    }

    @Override
    public boolean replaces(Object incoming, Object existing) {
        return ((Stamped) incoming).version() >= ((Stamped) existing).version();
    }

    /** Stamp, version, horizon, then a tombstone's two times or the value as a single node writes it. */
    private static final class StampedCodec implements ValueCodec<Stamped> {
        private static final int HEADER = 3 * Long.BYTES + 1;
        private static final byte VALUE = 0;
        private static final byte TOMBSTONE = 1;

        private final ValueCodec<StoredValue> values;

        StampedCodec(ValueCodec<StoredValue> values) {
            this.values = values;
        }

        @Override
        public boolean samePayload(Stamped before, Stamped after) {
            return false;
        }

        @Override
        public int size(Stamped stamped, boolean withPayload) {
            return HEADER
                    + (stamped.value() instanceof Tombstone
                            ? 2 * Long.BYTES
                            : values.size((StoredValue) stamped.value(), true));
        }

        @Override
        public void write(Stamped stamped, boolean withPayload, ByteBuffer out) {
            out.putLong(stamped.stamp()).putLong(stamped.version()).putLong(stamped.horizon());
            if (stamped.value() instanceof Tombstone tombstone) {
                out.put(TOMBSTONE).putLong(tombstone.deletedAtMillis()).putLong(tombstone.untilMillis());
            } else {
                out.put(VALUE);
                values.write((StoredValue) stamped.value(), true, out);
            }
        }

        @Override
        public Stamped read(ByteBuffer in) {
            long stamp = in.getLong();
            long version = in.getLong();
            long horizon = in.getLong();
            byte type = in.get();
            if (type != VALUE && type != TOMBSTONE) {
                throw new IllegalArgumentException("an entry of type " + type);
            }
            Object value = type == TOMBSTONE ? new Tombstone(in.getLong(), in.getLong()) : values.read(in);
            return new Stamped(stamp, version, horizon, value);
        }

        @Override
        public Stamped readMetadata(ByteBuffer in, Stamped before) {
            throw new IllegalArgumentException("a cluster node's journal holds whole entries only");
        }
    }
}
