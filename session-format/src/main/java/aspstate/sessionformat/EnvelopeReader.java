package aspstate.sessionformat;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the envelope of SessionStateUtility.Serialize (docs/spec/session-blob-format.md) and keeps what it has read
 * when it meets a problem, so that a display can show the items before it.
 */
final class EnvelopeReader {
    private static final int END_MARKER = 0xFF;
    private static final int NO_NULL_KEY = -1;
    /** The least an item takes: its offset and its type id (the null-key item has no name). */
    private static final int LEAST_ITEM_BYTES = 5;

    private final BlobReader in;
    private final ReadLimits limits;
    private final List<BlobItem> items = new ArrayList<>();
    private Integer timeoutMinutes;
    private int itemCount;
    private int staticObjects;
    private byte[] staticObjectBytes;

    private EnvelopeReader(byte[] envelope, ReadLimits limits) {
        this.in = new BlobReader(envelope, limits.previewChars(), "the data");
        this.limits = limits;
    }

    /** @param compressed whether the envelope was inflated, to say so in the result and in its problem */
    static BlobReading read(byte[] envelope, boolean compressed, ReadLimits limits) {
        EnvelopeReader reader = new EnvelopeReader(envelope, limits);
        String problem = null;
        try {
            reader.readEnvelope();
        } catch (BlobFormatException e) {
            problem = compressed ? "in the inflated data: " + e.getMessage() : e.getMessage();
        }
        return new BlobReading(
                compressed,
                reader.timeoutMinutes,
                reader.items,
                reader.itemCount,
                reader.staticObjects,
                problem,
                reader.staticObjectBytes);
    }

    private void readEnvelope() {
        timeoutMinutes = in.int32("the timeout");
        boolean hasItems = in.bool("the has-items flag");
        boolean hasStaticObjects = in.bool("the has-static-objects flag");
        if (hasItems) {
            readItems();
        }
        if (hasStaticObjects) {
            readStaticObjects();
        }
        // Bytes after the marker are ignored, as ASP.NET ignores them.
        int markerAt = in.position();
        if (in.remaining() == 0 || in.u8("the end marker") != END_MARKER) {
            throw new BlobFormatException("not ASP.NET session data: no end marker at byte " + markerAt);
        }
    }

    /**
     * Reads the first {@link ReadLimits#maxItems()} items and skips the others, whose names and values are not
     * decoded: the work and the memory stay bounded by that limit, however many items the blob holds.
     */
    private void readItems() {
        int count = in.int32("the item count");
        if (count < 0) {
            throw new BlobFormatException("item count " + count + " is negative");
        }
        if (count == 0) {
            return;
        }
        int nullKeyIndex = in.int32("the null-key index");
        if (nullKeyIndex < NO_NULL_KEY || nullKeyIndex >= count) {
            throw new BlobFormatException(
                    "null-key index " + nullKeyIndex + " is neither -1 nor an item (0-" + (count - 1) + ")");
        }
        // Checked before the lists below are allocated for them: no blob makes room for more items than it holds.
        if (count > in.remaining() / LEAST_ITEM_BYTES) {
            throw new BlobFormatException("item count " + count + " cannot fit in the " + in.remaining()
                    + " bytes after byte " + in.position());
        }
        itemCount = count;
        int read = Math.min(count, limits.maxItems());
        List<String> names = new ArrayList<>(read);
        for (int i = 0; i < count; i++) {
            if (i < read) {
                names.add(i == nullKeyIndex ? null : in.string("key " + i));
            } else if (i != nullKeyIndex) {
                in.skipString("key " + i);
            }
        }
        in.require(4L * count, "the offsets table");
        int[] endOffsets = new int[count];
        for (int i = 0; i < count; i++) {
            endOffsets[i] = in.int32("the offsets table");
        }
        int valuesStart = in.position();
        int previousEnd = 0;
        for (int i = 0; i < read; i++) {
            String label = "item " + i + " (" + (names.get(i) == null ? "null key" : "'" + names.get(i) + "'") + ")";
            items.add(readItem(names.get(i), endOffsets[i] - previousEnd, label, valuesStart + previousEnd));
            previousEnd = endOffsets[i];
        }
        if (read < count) {
            int skipped = endOffsets[count - 1] - previousEnd;
            if (skipped < 0) {
                throw new BlobFormatException("the offsets table goes backwards after item " + (read - 1)
                        + ": the last item would end " + -skipped + " bytes before it");
            }
            in.skip(skipped, "the items after the first " + read);
        }
    }

    /** Item i spans [endOffset[i-1], endOffset[i]) of the values region; the reader stands at its start. */
    private BlobItem readItem(String name, int spanBytes, String label, int spanStart) {
        if (spanBytes < 0) {
            throw new BlobFormatException(label + ": the offsets table goes backwards (its span would end " + -spanBytes
                    + " bytes before it starts at byte " + spanStart + ")");
        }
        try {
            BlobReader span = in.slice(spanBytes, "the span the offsets table gives it", "its span");
            ItemValues.DecodedValue value = ItemValues.decode(span);
            return new BlobItem(name, value.type(), value.value(), in.bytesSince(spanStart));
        } catch (BlobFormatException e) {
            throw e.within(label);
        }
    }

    /**
     * HttpStaticObjectsCollection: the entries are counted and kept as bytes. An entry holding a BinaryFormatter
     * instance has no recorded size; when reading whole, such a section is taken to run to the blob's last byte,
     * the end marker, as ASP.NET writes nothing after it.
     */
    private void readStaticObjects() {
        int start = in.position();
        int count = in.int32("the static object count");
        if (count < 0) {
            throw new BlobFormatException("static object count " + count + " is negative");
        }
        // No limit needed: every entry takes at least two bytes, so the data runs out first.
        for (int i = 0; i < count; i++) {
            String label = "static object " + i;
            try {
                in.string("its name");
                if (in.bool("its has-instance flag")) {
                    ItemValues.skipUnbounded(in);
                } else {
                    in.string("its type name");
                    in.bool("its late-bound flag");
                }
            } catch (BlobFormatException e) {
                if (!limits.previews() && in.endsWithMarker()) {
                    in.skipToMarker();
                    staticObjectBytes = in.bytesSince(start);
                    staticObjects = count;
                    return;
                }
                throw e.within(label);
            }
            staticObjects++;
        }
        staticObjectBytes = in.bytesSince(start);
    }
}
