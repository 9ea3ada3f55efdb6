package aspstate.sessionformat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The items of a session (ASP.NET's SessionStateItemCollection): names compared without case, in the order they
 * were added, each with a value of a .NET type. Values map between Java and .NET as follows; a value of another
 * Java type, or one its .NET type cannot hold exactly, is refused with a {@link NotADotNetValueException}.
 *
 * <table>
 * <caption>Java and .NET types</caption>
 * <tr><th>.NET (type id)</th><th>Java</th></tr>
 * <tr><td>String (1)</td><td>{@link String} (no lone surrogates, which .NET cannot write)</td></tr>
 * <tr><td>Int32 (2), Int16 (11), Int64 (12), SByte (10)</td><td>{@link Integer}, {@link Short}, {@link Long},
 * {@link Byte}</td></tr>
 * <tr><td>Boolean (3)</td><td>{@link Boolean}</td></tr>
 * <tr><td>DateTime (4)</td><td>{@link java.time.LocalDateTime}: years 1-9999, 100 ns steps (.NET's Kind is not
 * stored)</td></tr>
 * <tr><td>Decimal (5)</td><td>{@link java.math.BigDecimal}: up to 96 bits of digits, scale 0-28</td></tr>
 * <tr><td>Char (7)</td><td>{@link Character} (not a lone surrogate)</td></tr>
 * <tr><td>Single (8), Double (9)</td><td>{@link Float}, {@link Double}, bit for bit</td></tr>
 * <tr><td>Byte (6), UInt16 (13), UInt32 (14), UInt64 (15), IntPtr (18), UIntPtr (19)</td><td>{@link DotNetInteger}
 * </td></tr>
 * <tr><td>TimeSpan (16)</td><td>{@link java.time.Duration} in 100 ns steps</td></tr>
 * <tr><td>Guid (17)</td><td>{@link java.util.UUID} (the same text on both sides)</td></tr>
 * <tr><td>Object (20): {@code byte[]}</td><td>{@code byte[]}</td></tr>
 * <tr><td>Object (20): anything else .NET's BinaryFormatter wrote</td><td>{@link DotNetObject}: its bytes,
 * written back unchanged, never deserialized</td></tr>
 * <tr><td>Null (21)</td><td>{@code null}</td></tr>
 * </table>
 *
 * <p>An item read from a blob and not set since is written back with the bytes it was read from, as ASP.NET does.
 * Not thread-safe: one request works on a session at a time (that is what the session lock is for).
 */
public final class SessionItems {
    private final Map<String, Item> items = new LinkedHashMap<>();
    private boolean dirty;

    /** An item: {@code serialized} holds its bytes (type id and payload) unless its value is a mutable byte[]. */
    private static final class Item {
        final String name;
        final Object value;
        final DotNetType type;
        final byte[] serialized;

        Item(String name, Object value, DotNetType type, byte[] serialized) {
            this.name = name;
            this.value = value;
            this.type = type;
            this.serialized = serialized;
        }
    }

    /** Items as read from a blob. */
    static SessionItems of(List<BlobItem> read) {
        SessionItems items = new SessionItems();
        for (BlobItem item : read) {
            Item previous = items.items.put(
                    fold(item.name()),
                    new Item(
                            item.name(),
                            item.value(),
                            item.type(),
                            item.value() instanceof byte[] ? null : item.serialized));
            if (previous != null) {
                throw new SessionFormatException(
                        "the item name '" + item.name() + "' appears twice (names are " + "compared without case)");
            }
        }
        return items;
    }

    /**
     * The value of the named item, or null if there is none. A {@code byte[]} is returned as it is held: changing it
     * changes the session, which is then written again, as ASP.NET does for its mutable values.
     */
    public Object get(String name) {
        Item item = items.get(fold(name));
        if (item == null) {
            return null;
        }
        if (item.value instanceof byte[]) {
            dirty = true;
        }
        return item.value;
    }

    /**
     * Adds or replaces the named item (a replaced item keeps its place and its first spelling, as in .NET).
     *
     * @param name  the name; null for .NET's null-key item
     * @param value a value of a type in the table above
     * @throws NotADotNetValueException when .NET's format cannot hold the value exactly; the items stay as they were
     */
    public void set(String name, Object value) {
        DotNetBinaryWriter out = new DotNetBinaryWriter();
        ItemValueWriter.write(value, out);
        DotNetType type = DotNetType.ofTag(out.toByteArray()[0]);
        String key = fold(name);
        Item previous = items.get(key);
        String spelling = previous == null ? name : previous.name;
        items.put(key, new Item(spelling, value, type, value instanceof byte[] ? null : out.toByteArray()));
        dirty = true;
    }

    /** Removes the named item; returns its value, or null if there was none. */
    public Object remove(String name) {
        Item removed = items.remove(fold(name));
        if (removed == null) {
            return null;
        }
        dirty = true;
        return removed.value;
    }

    public boolean contains(String name) {
        return items.containsKey(fold(name));
    }

    /** The .NET type the named item is held as, or null if there is no such item. */
    public DotNetType typeOf(String name) {
        Item item = items.get(fold(name));
        return item == null ? null : item.type;
    }

    /** The names in the items' order, each as first spelled. */
    public List<String> names() {
        List<String> names = new ArrayList<>(items.size());
        for (Item item : items.values()) {
            names.add(item.name);
        }
        return names;
    }

    public int size() {
        return items.size();
    }

    public void clear() {
        if (!items.isEmpty()) {
            dirty = true;
        }
        items.clear();
    }

    /**
     * Whether the items changed since they were read or created: an item set or removed, or a {@code byte[]} value
     * handed out. ASP.NET writes a session back only then.
     */
    public boolean isDirty() {
        return dirty;
    }

    /** The collection as SessionStateItemCollection.Serialize writes it; nothing when there are no items. */
    void writeTo(DotNetBinaryWriter out) {
        int count = items.size();
        out.int32(count);
        int nullKeyIndex = -1;
        List<byte[]> values = new ArrayList<>(count);
        int index = 0;
        for (Item item : items.values()) {
            if (item.name == null) {
                nullKeyIndex = index;
            }
            values.add(item.serialized != null ? item.serialized : serialize(item.value));
            index++;
        }
        out.int32(nullKeyIndex);
        for (Item item : items.values()) {
            if (item.name != null) {
                out.string(item.name);
            }
        }
        int end = 0;
        for (byte[] value : values) {
            end += value.length;
            out.int32(end);
        }
        values.forEach(out::bytes);
    }

    private static byte[] serialize(Object value) {
        DotNetBinaryWriter out = new DotNetBinaryWriter();
        ItemValueWriter.write(value, out);
        return out.toByteArray();
    }

    /** .NET compares item names without case, in the invariant culture. */
    private static String fold(String name) {
        return name == null ? null : name.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    }
}
