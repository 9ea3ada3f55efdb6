package aspstate.core.inspect;

import aspstate.sessionformat.BlobItem;
import aspstate.sessionformat.BlobReading;
import aspstate.sessionformat.DotNetObject;
import aspstate.sessionformat.DotNetType;
import aspstate.sessionformat.ReadLimits;
import aspstate.sessionformat.SessionBlobReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes ASP.NET's serialized session data (docs/spec/session-blob-format.md) for display: the item names, types,
 * sizes and, for the primitive types, values. The reading is the session format's own
 * ({@link SessionBlobReader}), the one Java applications read their sessions with, here within the inspector's
 * limits: every input is answered, never with an exception, and what cannot be read is said in
 * {@link DecodedSession#problem()}, with the items read before it. Nothing in a blob is executed or instantiated
 * (an Object item's class is only named).
 */
public final class SessionBlob {
    /**
     * Items decoded, at most: those after it are counted ({@link DecodedSession#itemCount()}) and skipped, since the
     * inspector is for a person to read, not a bulk export.
     */
    public static final int MAX_ITEMS_SHOWN = 1_000;
    /**
     * Compressed data inflating to more than this is not decoded, so a small deflate bomb cannot exhaust the heap;
     * the inflation holds exactly the inflated bytes (no growing buffer's copies), and the admin workers decode at
     * most one blob each at a time.
     */
    public static final int MAX_INFLATED_BYTES = 16 * 1024 * 1024;
    /** String values and keys are shown up to this many chars, then {@link #CUT_MARKER}. */
    public static final int PREVIEW_CHARS = 1024;

    public static final String CUT_MARKER = ReadLimits.CUT_MARKER;

    private SessionBlob() {}

    /** @param data a session blob as a store holds it, plain or compressed; null reads as a blob with no data */
    public static DecodedSession decode(byte[] data) {
        return decode(data, MAX_INFLATED_BYTES);
    }

    static DecodedSession decode(byte[] data, int maxInflatedBytes) {
        BlobReading reading =
                SessionBlobReader.read(data, new ReadLimits(MAX_ITEMS_SHOWN, PREVIEW_CHARS, maxInflatedBytes));
        List<SessionItem> items = new ArrayList<>(reading.items().size());
        for (BlobItem item : reading.items()) {
            items.add(display(item));
        }
        return new DecodedSession(
                reading.compressed(),
                reading.timeoutMinutes(),
                null,
                items,
                reading.itemCount(),
                reading.staticObjects(),
                reading.problem());
    }

    private static SessionItem display(BlobItem item) {
        DotNetType type = item.type();
        String objectType = null;
        String text = null;
        if (type == DotNetType.OBJECT) {
            objectType = item.value() instanceof DotNetObject object ? object.typeName() : "array";
        } else if (item.value() != null) {
            text = DotNetValues.text(item.value());
        }
        return new SessionItem(item.name(), type.tag(), type.dotNetName(), text, item.sizeBytes(), objectType);
    }

    /** The text, or its first {@link #PREVIEW_CHARS} chars and {@link #CUT_MARKER}; a surrogate pair stays whole. */
    static String preview(String text) {
        return ReadLimits.preview(text, PREVIEW_CHARS);
    }
}
