package aspstate.tds.statement;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What texts that clients send came to (a statement recognized, declarations parsed, a procedure name resolved),
 * remembered so that a text sent again costs a lookup: drivers send the same few texts with every request. The
 * memory is bounded in entries and in the length of the texts kept, so that a client sending texts of its own
 * cannot make it grow; past the bound it starts over. Safe for concurrent use; two threads may work out one text
 * at once, and either answer is kept.
 *
 * @param <V> what a text came to; the work must always give the same for the same text
 */
public final class RememberedTexts<V> {
    private final int maxEntries;
    private final int maxTextChars;
    private final Map<String, V> remembered = new ConcurrentHashMap<>();

    /**
     * @param maxEntries   texts remembered at most
     * @param maxTextChars longer texts are worked out each time, never kept
     */
    public RememberedTexts(int maxEntries, int maxTextChars) {
        this.maxEntries = maxEntries;
        this.maxTextChars = maxTextChars;
    }

    /** What {@code work} gives for the text: remembered, or worked out now (and remembered if it may be). */
    public V get(String text, Function<String, V> work) {
        V known = remembered.get(text);
        if (known != null) {
            return known;
        }
        V value = work.apply(text);
        if (text.length() <= maxTextChars) {
            if (remembered.size() >= maxEntries) {
                remembered.clear();
            }
            remembered.put(text, value);
        }
        return value;
    }
}
