package aspstate.sessionformat;

import java.util.List;

/** A session blob as far as it could be read: what {@link SessionBlobReader#read} answers, never an exception. */
public final class BlobReading {
    private final boolean compressed;
    private final Integer timeoutMinutes;
    private final List<BlobItem> items;
    private final int itemCount;
    private final int staticObjects;
    private final String problem;
    /** The static objects section (HttpStaticObjectsCollection), kept as bytes to be written back; or null. */
    final byte[] staticObjectBytes;

    BlobReading(
            boolean compressed,
            Integer timeoutMinutes,
            List<BlobItem> items,
            int itemCount,
            int staticObjects,
            String problem,
            byte[] staticObjectBytes) {
        this.compressed = compressed;
        this.timeoutMinutes = timeoutMinutes;
        this.items = List.copyOf(items);
        this.itemCount = itemCount;
        this.staticObjects = staticObjects;
        this.problem = problem;
        this.staticObjectBytes = staticObjectBytes;
    }

    static BlobReading unreadable(boolean compressed, String problem) {
        return new BlobReading(compressed, null, List.of(), 0, 0, problem, null);
    }

    /** The blob was deflate-compressed ({@code compressionEnabled="true"}). */
    public boolean compressed() {
        return compressed;
    }

    /** The session's timeout, or null if the blob is too short to hold one. */
    public Integer timeoutMinutes() {
        return timeoutMinutes;
    }

    /** The items in the blob's order; when there is a {@link #problem()}, the items read before it. */
    public List<BlobItem> items() {
        return items;
    }

    /**
     * The items the blob holds: more than {@link #items()} when it holds more than {@link ReadLimits#maxItems()}
     * (those after them are skipped, not read).
     */
    public int itemCount() {
        return itemCount;
    }

    /** The static object entries counted (their values are kept as bytes, not read). */
    public int staticObjects() {
        return staticObjects;
    }

    /**
     * Null if the blob was read to its end marker; otherwise what was wrong and at which byte (of the inflated
     * data, when compressed).
     */
    public String problem() {
        return problem;
    }
}
