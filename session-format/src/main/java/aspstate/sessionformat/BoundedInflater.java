package aspstate.sessionformat;

import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Inflates raw deflate data (what .NET's DeflateStream writes) up to a limit, so that a small blob cannot make a
 * reader hold gigabytes. It inflates twice: once into a small scratch buffer to learn the size (stopping at the
 * limit), then into an array of exactly that size. What it holds is then the inflated bytes and the scratch buffer,
 * never a growing buffer's copies (which took three times the limit at once). Bytes after the end of the deflate
 * stream are ignored, as DeflateStream ignores them: ASP.NET pads its compressed blobs with one 0xFF there.
 */
final class BoundedInflater {
    private static final int CHUNK_BYTES = 64 * 1024;
    private static final long NOT_DEFLATE = -1;
    private static final long TOO_LARGE = -2;

    enum Outcome {
        INFLATED,
        NOT_DEFLATE,
        TOO_LARGE
    }

    /** @param bytes the inflated data when INFLATED, otherwise null */
    record Inflation(Outcome outcome, byte[] bytes) {}

    private BoundedInflater() {}

    static Inflation inflate(byte[] data, int maxInflatedBytes) {
        byte[] scratch = new byte[CHUNK_BYTES];
        long size = inflatedSize(data, scratch, maxInflatedBytes);
        if (size < 0) {
            return new Inflation(size == NOT_DEFLATE ? Outcome.NOT_DEFLATE : Outcome.TOO_LARGE, null);
        }
        byte[] inflated = new byte[(int) size];
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(data);
            int filled = 0;
            while (filled < inflated.length) {
                int length = inflater.inflate(inflated, filled, inflated.length - filled);
                if (length == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new DataFormatException("ended early");
                }
                filled += length;
            }
            return new Inflation(Outcome.INFLATED, inflated);
        } catch (DataFormatException e) {
            throw new IllegalStateException("the data inflated once and not the second time", e);
        } finally {
            inflater.end();
        }
    }

    /** The inflated size, or NOT_DEFLATE, or TOO_LARGE past {@code maxInflatedBytes}. */
    private static long inflatedSize(byte[] data, byte[] scratch, int maxInflatedBytes) {
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(data);
            long size = 0;
            while (!inflater.finished()) {
                int length = inflater.inflate(scratch);
                if (length == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    return NOT_DEFLATE; // the stream stops before its last block
                }
                size += length;
                if (size > maxInflatedBytes) {
                    return TOO_LARGE;
                }
            }
            return size;
        } catch (DataFormatException e) {
            return NOT_DEFLATE;
        } finally {
            inflater.end();
        }
    }
}
