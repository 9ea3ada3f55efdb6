package aspstate.sessionformat;

/**
 * Reads ASP.NET's serialized session data (docs/spec/session-blob-format.md), plain or compressed. Every input is
 * answered, never with an exception: what cannot be read is said in {@link BlobReading#problem()}, with the items
 * read before it. Nothing in a blob is executed or instantiated (a BinaryFormatter value stays bytes), and the work
 * is bounded by the {@link ReadLimits}.
 */
public final class SessionBlobReader {

    private SessionBlobReader() {}

    /**
     * The blob does not say whether it is compressed, so it is read as plain data first and, if that fails, as raw
     * deflate. When both readings fail, the one that read more items is reported (the plain one on a tie): a
     * plain blob can happen to inflate, and the reading that got further is the likelier one.
     *
     * @param data a session blob as a store holds it; null reads as a blob with no data
     */
    public static BlobReading read(byte[] data, ReadLimits limits) {
        if (data == null) {
            return BlobReading.unreadable(false, "no data");
        }
        BlobReading plain = EnvelopeReader.read(data, false, limits);
        if (plain.problem() == null) {
            return plain;
        }
        BoundedInflater.Inflation inflation = BoundedInflater.inflate(data, limits.maxInflatedBytes());
        return switch (inflation.outcome()) {
            case NOT_DEFLATE -> plain;
            case TOO_LARGE ->
                BlobReading.unreadable(
                        true,
                        "compressed data inflates to more than " + limits.maxInflatedBytes()
                                + " bytes, the reader's limit");
            case INFLATED -> {
                BlobReading compressed = EnvelopeReader.read(inflation.bytes(), true, limits);
                yield compressed.problem() == null
                                || compressed.items().size() > plain.items().size()
                        ? compressed
                        : plain;
            }
        };
    }
}
