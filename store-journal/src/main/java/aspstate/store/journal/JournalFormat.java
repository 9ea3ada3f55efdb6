package aspstate.store.journal;

/**
 * What a journal's records hold: a single node's values, replayed in order, or another format's (a cluster node's
 * versioned entries, replayed newest version first). Every file's header names its format, so that a journal is
 * never read as another.
 */
public interface JournalFormat {
    /** A single node's: each store's values with {@link StoreKind#codec()}, the last record of a key winning. */
    JournalFormat SINGLE_NODE = new JournalFormat() {
        @Override
        public int id() {
            return 0;
        }

        @Override
        public String description() {
            return "a single node's journal";
        }

        @Override
        public <V> ValueCodec<V> codec(StoreKind kind) {
            return kind.codec();
        }

        @Override
        public boolean replaces(Object incoming, Object existing) {
            return true;
        }
    };

    /** The number in every file's header. */
    int id();

    /** For messages, e.g. "a cluster node's journal". */
    String description();

    <V> ValueCodec<V> codec(StoreKind kind);

    /** Whether a record's value takes the place of what the replay holds for its key so far. */
    boolean replaces(Object incoming, Object existing);
}
