package aspstate.store.journal;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the live data of a cleaned journal is: for every key, the sequence number of the last record that holds its
 * whole value, and that record's size. A key whose last full record lies in the oldest files is what cleaning logs
 * again before the files go; the sizes add up to the live bytes that cleaning's threshold is measured against.
 *
 * <p>Changed only under the journal's lock, in the order of the records; read by the cleaner without it (a
 * concurrent map), which checks again under the lock before it acts.
 */
final class LiveRecords {
    private final Map<StoreKind, ConcurrentHashMap<String, Placed>> keys = new EnumMap<>(StoreKind.class);
    private volatile long bytes;

    /** Where one key's last full record is; its fields change under the journal's lock. */
    static final class Placed {
        private volatile long seq;
        private int size;

        Placed(long seq, int size) {
            this.seq = seq;
            this.size = size;
        }

        long seq() {
            return seq;
        }
    }

    LiveRecords() {
        for (StoreKind kind : StoreKind.values()) {
            keys.put(kind, new ConcurrentHashMap<>());
        }
    }

    /** {@code key}'s last full record is now the one at {@code seq}, of {@code size} bytes. */
    void put(StoreKind kind, String key, long seq, int size) {
        Placed placed = keys.get(kind).get(key);
        if (placed == null) {
            keys.get(kind).put(key, new Placed(seq, size));
            bytes += size;
        } else {
            bytes += size - placed.size;
            placed.size = size;
            placed.seq = seq;
        }
    }

    /** {@code key} has no value any more (it was deleted). */
    void remove(StoreKind kind, String key) {
        Placed placed = keys.get(kind).remove(key);
        if (placed != null) {
            bytes -= placed.size;
        }
    }

    /** Where {@code key}'s last full record is, or null when it has none. */
    Placed get(StoreKind kind, String key) {
        return keys.get(kind).get(key);
    }

    /** The bytes of every key's last full record: what a journal of the live data alone would hold. */
    long bytes() {
        return bytes;
    }

    /** Visits every key whose last full record is at or before {@code seq}, as far as a concurrent look sees. */
    void forEachAtOrBefore(long seq, KeyVisitor visitor) {
        for (Map.Entry<StoreKind, ConcurrentHashMap<String, Placed>> kind : keys.entrySet()) {
            for (Map.Entry<String, Placed> key : kind.getValue().entrySet()) {
                if (key.getValue().seq <= seq) {
                    visitor.visit(kind.getKey(), key.getKey());
                }
            }
        }
    }

    /** One key of one store. */
    @FunctionalInterface
    interface KeyVisitor {
        void visit(StoreKind kind, String key);
    }
}
