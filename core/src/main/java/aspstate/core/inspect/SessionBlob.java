package aspstate.core.inspect;

/**
 * Decodes ASP.NET's serialized session data (docs/spec/session-blob-format.md) for display: the item names, types,
 * sizes and, for the primitive types, values. Every input is answered, never with an exception: what cannot be read
 * is said in {@link DecodedSession#problem()}, with the items read before it. Nothing in a blob is executed or
 * instantiated (an Object item's class is only named), and the work is bounded by the limits below.
 */
public final class SessionBlob {
    /** A blob declaring more items than this is not read: the inspector is not a bulk export. */
    public static final int MAX_ITEMS = 10_000;
    /** Compressed data inflating to more than this is refused, so a small zip bomb cannot exhaust the heap. */
    public static final int MAX_INFLATED_BYTES = 64 * 1024 * 1024;
    /** String values and keys are shown up to this many chars, then {@link #CUT_MARKER}. */
    public static final int PREVIEW_CHARS = 1024;
    public static final String CUT_MARKER = "...";

    private SessionBlob() {
    }

    /** @param data a session blob as a store holds it, plain or compressed; null reads as a blob with no data */
    public static DecodedSession decode(byte[] data) {
        return decode(data, MAX_INFLATED_BYTES);
    }

    /**
     * The blob does not say whether it is compressed, so it is read as plain data first and, if that fails, as raw
     * deflate. When both readings fail, the one that read more items is reported (the plain one on a tie): a
     * plain blob can happen to inflate, and the reading that got further is the likelier one.
     */
    static DecodedSession decode(byte[] data, int maxInflatedBytes) {
        if (data == null) {
            return DecodedSession.unreadable(false, "no data");
        }
        DecodedSession plain = EnvelopeReader.read(data, false);
        if (plain.problem() == null) {
            return plain;
        }
        BoundedInflater.Inflation inflation = BoundedInflater.inflate(data, maxInflatedBytes);
        return switch (inflation.outcome()) {
            case NOT_DEFLATE -> plain;
            case TOO_LARGE -> DecodedSession.unreadable(true, "compressed data inflates to more than "
                    + maxInflatedBytes + " bytes, the inspector's limit");
            case INFLATED -> {
                DecodedSession compressed = EnvelopeReader.read(inflation.bytes(), true);
                yield compressed.problem() == null || compressed.items().size() > plain.items().size()
                        ? compressed : plain;
            }
        };
    }
}
