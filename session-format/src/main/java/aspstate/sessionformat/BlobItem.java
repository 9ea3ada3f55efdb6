package aspstate.sessionformat;

/** One item of a session blob as read: its name, its .NET type and its value as Java holds it. */
public final class BlobItem {
    private final String name;
    private final DotNetType type;
    private final Object value;
    /** The item's bytes in the blob, type id included: what is written back while the item is left alone. */
    final byte[] serialized;

    BlobItem(String name, DotNetType type, Object value, byte[] serialized) {
        this.name = name;
        this.type = type;
        this.value = value;
        this.serialized = serialized;
    }

    /** The key, or null for the item stored under the null key. */
    public String name() {
        return name;
    }

    public DotNetType type() {
        return type;
    }

    /**
     * The value, as {@link SessionItems} maps it; in a preview ({@link ReadLimits#previewChars()}), strings are cut.
     */
    public Object value() {
        return value;
    }

    /** The bytes the value takes in the blob, its type id included. */
    public int sizeBytes() {
        return serialized.length;
    }
}
