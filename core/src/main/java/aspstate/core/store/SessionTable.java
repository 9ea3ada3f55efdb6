package aspstate.core.store;

import java.security.SecureRandom;
import java.util.function.BiConsumer;

/**
 * The memory store's index from session key to value, with one int per entry that belongs to the store (the
 * expiry bucket the entry is filed in). Open addressing with linear probing over two arrays (key and value, hash
 * and mark, paired per slot), split into {@value #SEGMENTS} segments with a lock each, so that requests for keys in
 * different segments never wait for each other.
 *
 * <p>Why not {@code ConcurrentHashMap}: there a session costs a 32-byte node and a table slot, and the store's int
 * needed a 24-byte holder object as the map's value, about 64 bytes at 1M sessions. Here it costs four array
 * elements (key, value, hash and mark), about 34 bytes at the same load, and creating a session makes no object.
 * Keys are hashed with {@link SipHash} under a key drawn for each table, which stands in for the balanced bins
 * {@code ConcurrentHashMap} falls back on when clients choose colliding keys.
 */
final class SessionTable<V> {
    static final int SEGMENTS = 256;
    private static final int SEGMENT_SHIFT = Long.SIZE - Integer.numberOfTrailingZeros(SEGMENTS);
    private static final int INITIAL_CAPACITY = 8;
    /** A segment doubles when more than this share of its slots is in use; probes stay short below it. */
    private static final double MAX_LOAD = 0.75;
    /** A segment halves when less than this share is in use, so that a burst of sessions leaves no lasting cost. */
    private static final double MIN_LOAD = 0.125;

    private final Segment[] segments = new Segment[SEGMENTS];
    private final long hashKey0;
    private final long hashKey1;

    SessionTable() {
        this(new SecureRandom());
    }

    private SessionTable(SecureRandom random) {
        this(random.nextLong(), random.nextLong());
    }

    /** A table with a known hash key: for tests that need the same layout on every run. */
    SessionTable(long hashKey0, long hashKey1) {
        this.hashKey0 = hashKey0;
        this.hashKey1 = hashKey1;
        for (int i = 0; i < SEGMENTS; i++) {
            segments[i] = new Segment();
        }
    }

    /**
     * Runs {@code access} on the key's entry, present or not, under the lock of the key's segment. Changes it made
     * before throwing stay made (unlike {@code ConcurrentHashMap.compute}): an access changes the entry last. It
     * must not use the table itself; doing so throws, as its position in the segment could move under it.
     */
    void access(String key, EntryAccess<V> access) {
        long hash = hashOf(key);
        Segment segment = segments[(int) (hash >>> SEGMENT_SHIFT)];
        synchronized (segment) {
            if (segment.busy) {
                throw new IllegalStateException("an access to the session table used the table itself");
            }
            segment.busy = true;
            access.bind(segment, key, (int) hash);
            try {
                access.run();
            } finally {
                access.segment = null;
                segment.busy = false;
            }
        }
    }

    /** The hash the table files the key under (tests use it to place keys on purpose). */
    long hashOf(String key) {
        return SipHash.hash(hashKey0, hashKey1, key);
    }

    long size() {
        long size = 0;
        for (Segment segment : segments) {
            size += segment.size;
        }
        return size;
    }

    /**
     * Visits every entry, one segment at a time: each segment is copied under its lock and visited outside it, so
     * a slow visitor holds up no request. Weakly consistent, like {@code ConcurrentHashMap}'s iteration.
     */
    @SuppressWarnings("unchecked")
    void forEach(BiConsumer<String, V> visitor) {
        for (Segment segment : segments) {
            Object[] pairs;
            synchronized (segment) {
                pairs = segment.pairs();
            }
            for (int i = 0; i < pairs.length; i += 2) {
                visitor.accept((String) pairs[i], (V) pairs[i + 1]);
            }
        }
    }

    /**
     * One visit to one key's entry: the caller subclasses it with what to do in {@link #run()}, and the methods
     * here read and change the entry. They may be used only inside {@code run()}.
     */
    abstract static class EntryAccess<V> {
        private Segment segment;
        private String key;
        private int hash;
        /** The entry's slot when present; otherwise -(the slot it would be inserted at) - 1. */
        private int index;

        private void bind(Segment segment, String key, int hash) {
            this.segment = segment;
            this.key = key;
            this.hash = hash;
            this.index = segment.find(key, hash);
        }

        /** Runs under the segment's lock. */
        protected abstract void run();

        final boolean present() {
            return index >= 0;
        }

        /** The key as the table holds it, or as asked for when absent. */
        final String key() {
            return present() ? segment.keyAt(index) : key;
        }

        /** The value, or null when absent. */
        @SuppressWarnings("unchecked")
        final V value() {
            return present() ? (V) segment.valueAt(index) : null;
        }

        /** The store's int for a present entry. */
        final int mark() {
            return segment.markAt(presentIndex());
        }

        final void setMark(int mark) {
            segment.setMarkAt(presentIndex(), mark);
        }

        private int presentIndex() {
            if (!present()) {
                throw new IllegalStateException("no entry for the key");
            }
            return index;
        }

        /** Sets the value and mark, inserting the entry when absent. */
        final void put(V value, int mark) {
            if (present()) {
                segment.set(index, value, mark);
            } else {
                index = segment.insert(-index - 1, key, hash, value, mark);
            }
        }

        final void remove() {
            if (present()) {
                segment.removeAt(index);
                index = segment.find(key, hash);
            }
        }
    }

    /**
     * One lock's share of the entries; every field is read and written under the segment's monitor. Slot i keeps
     * its key and value side by side in {@code objects} (at 2i and 2i + 1) and its hash and mark side by side in
     * {@code ints}: a request reads all four, and paired they usually share two cache lines instead of four
     * arrays' worth of lines, which at 100k sessions and more are misses.
     */
    private static final class Segment {
        private Object[] objects;
        private int[] ints;
        /** Also read without the lock, for {@link SessionTable#size()}. */
        private volatile int size;
        /** An access is running: set and read under the monitor, which the same thread could otherwise re-enter. */
        private boolean busy;

        Segment() {
            this(INITIAL_CAPACITY);
        }

        private Segment(int capacity) {
            objects = new Object[2 * capacity];
            ints = new int[2 * capacity];
        }

        private int capacity() {
            return ints.length / 2;
        }

        String keyAt(int slot) {
            return (String) objects[2 * slot];
        }

        Object valueAt(int slot) {
            return objects[2 * slot + 1];
        }

        private int hashAt(int slot) {
            return ints[2 * slot];
        }

        int markAt(int slot) {
            return ints[2 * slot + 1];
        }

        void setMarkAt(int slot, int mark) {
            ints[2 * slot + 1] = mark;
        }

        void set(int slot, Object value, int mark) {
            objects[2 * slot + 1] = value;
            ints[2 * slot + 1] = mark;
        }

        private void fill(int slot, String key, int hash, Object value, int mark) {
            objects[2 * slot] = key;
            objects[2 * slot + 1] = value;
            ints[2 * slot] = hash;
            ints[2 * slot + 1] = mark;
        }

        int find(String key, int hash) {
            int mask = capacity() - 1;
            for (int i = hash & mask; ; i = (i + 1) & mask) {
                String k = keyAt(i);
                if (k == null) {
                    return -i - 1; // the load stays below 1, so every probe sequence reaches an empty slot
                }
                if (hashAt(i) == hash && (k == key || k.equals(key))) {
                    return i;
                }
            }
        }

        /** Fills an empty slot found by {@link #find}; returns the entry's slot, which moves if the segment grew. */
        int insert(int slot, String key, int hash, Object value, int mark) {
            fill(slot, key, hash, value, mark);
            size++;
            if (size <= capacity() * MAX_LOAD) {
                return slot;
            }
            resize(capacity() * 2);
            return find(key, hash);
        }

        /**
         * Moves every entry into arrays of the new capacity. The new arrays are filled before any is installed, so
         * running out of memory here leaves the segment as it was.
         */
        private void resize(int capacity) {
            Segment moved = new Segment(capacity);
            int mask = capacity - 1;
            for (int i = 0; i < capacity(); i++) {
                String key = keyAt(i);
                if (key != null) {
                    int slot = hashAt(i) & mask;
                    while (moved.keyAt(slot) != null) {
                        slot = (slot + 1) & mask;
                    }
                    moved.fill(slot, key, hashAt(i), valueAt(i), markAt(i));
                }
            }
            objects = moved.objects;
            ints = moved.ints;
        }

        /**
         * Empties a slot and shifts later entries of the same probe run back into it, so that no probe sequence
         * is broken and no tombstones accumulate; halves the segment once it is mostly empty.
         */
        void removeAt(int slot) {
            int mask = capacity() - 1;
            int hole = slot;
            for (int i = (hole + 1) & mask; keyAt(i) != null; i = (i + 1) & mask) {
                int home = hashAt(i) & mask;
                // The entry at i may fill the hole only if the hole lies between its home slot and i.
                if (((i - home) & mask) >= ((i - hole) & mask)) {
                    fill(hole, keyAt(i), hashAt(i), valueAt(i), markAt(i));
                    hole = i;
                }
            }
            objects[2 * hole] = null;
            objects[2 * hole + 1] = null;
            size--;
            if (capacity() > INITIAL_CAPACITY && size < capacity() * MIN_LOAD) {
                resize(capacity() / 2);
            }
        }

        /** Keys and values, alternating. */
        Object[] pairs() {
            Object[] pairs = new Object[size * 2];
            int n = 0;
            for (int i = 0; i < capacity(); i++) {
                if (keyAt(i) != null) {
                    pairs[n++] = keyAt(i);
                    pairs[n++] = valueAt(i);
                }
            }
            return pairs;
        }
    }
}
