package aspstate.core.inspect;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the envelope of SessionStateUtility.Serialize (docs/spec/session-blob-format.md) and keeps what it has read
 * when it meets a problem, so that the inspector can show the items before it.
 */
final class EnvelopeReader {
    private static final int END_MARKER = 0xFF;
    private static final int NO_NULL_KEY = -1;

    private final BlobReader in;
    private final List<SessionItem> items = new ArrayList<>();
    private Integer timeoutMinutes;
    private int staticObjects;

    private EnvelopeReader(byte[] envelope) {
        this.in = new BlobReader(envelope, "the data");
    }

    /** @param compressed whether the envelope was inflated, to say so in the result and in its problem */
    static DecodedSession read(byte[] envelope, boolean compressed) {
        EnvelopeReader reader = new EnvelopeReader(envelope);
        String problem = null;
        try {
            reader.readEnvelope();
        } catch (BlobFormatException e) {
            problem = compressed ? "in the inflated data: " + e.getMessage() : e.getMessage();
        }
        return new DecodedSession(compressed, reader.timeoutMinutes, reader.items, reader.staticObjects, problem);
    }

    private void readEnvelope() {
        timeoutMinutes = in.int32("the timeout");
        boolean hasItems = in.bool("the has-items flag");
        boolean hasStaticObjects = in.bool("the has-static-objects flag");
        if (hasItems) {
            readItems();
        }
        if (hasStaticObjects) {
            skipStaticObjects();
        }
        // Bytes after the marker are ignored, as ASP.NET ignores them.
        int markerAt = in.position();
        if (in.remaining() == 0 || in.u8("the end marker") != END_MARKER) {
            throw new BlobFormatException("not ASP.NET session data: no end marker at byte " + markerAt);
        }
    }

    private void readItems() {
        int count = in.int32("the item count");
        if (count < 0 || count > SessionBlob.MAX_ITEMS) {
            throw new BlobFormatException("item count " + count + " is outside 0-" + SessionBlob.MAX_ITEMS
                    + " (the inspector's limit)");
        }
        if (count == 0) {
            return;
        }
        int nullKeyIndex = in.int32("the null-key index");
        if (nullKeyIndex < NO_NULL_KEY || nullKeyIndex >= count) {
            throw new BlobFormatException("null-key index " + nullKeyIndex + " is neither -1 nor an item (0-"
                    + (count - 1) + ")");
        }
        List<String> names = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            names.add(i == nullKeyIndex ? null : in.string("key " + i));
        }
        in.require(4 * count, "the offsets table");
        int[] endOffsets = new int[count];
        for (int i = 0; i < count; i++) {
            endOffsets[i] = in.int32("the offsets table");
        }
        int valuesStart = in.position();
        int previousEnd = 0;
        for (int i = 0; i < count; i++) {
            String label = "item " + i + " (" + (names.get(i) == null ? "null key" : "'" + names.get(i) + "'") + ")";
            items.add(readItem(names.get(i), endOffsets[i] - previousEnd, label, valuesStart + previousEnd));
            previousEnd = endOffsets[i];
        }
    }

    /** Item i spans [endOffset[i-1], endOffset[i]) of the values region; the reader stands at its start. */
    private SessionItem readItem(String name, int spanBytes, String label, int spanStart) {
        if (spanBytes < 0) {
            throw new BlobFormatException(label + ": the offsets table goes backwards (its span would end "
                    + -spanBytes + " bytes before it starts at byte " + spanStart + ")");
        }
        try {
            BlobReader span = in.slice(spanBytes, "the span the offsets table gives it", "its span");
            ItemValues.DecodedValue value = ItemValues.decode(span);
            return new SessionItem(name, value.type().tag, value.type().dotNetName, value.value(), spanBytes,
                    value.objectType());
        } catch (BlobFormatException e) {
            throw e.within(label);
        }
    }

    /** HttpStaticObjectsCollection: entries are skipped, since the inspector shows only their number. */
    private void skipStaticObjects() {
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
                throw e.within(label);
            }
            staticObjects++;
        }
    }
}
