package aspstate.sessionformat;

import java.io.ByteArrayOutputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Inflates raw deflate data (what .NET's DeflateStream writes) up to a limit, so that a small blob cannot make a
 * reader hold gigabytes. Bytes after the end of the deflate stream are ignored, as DeflateStream ignores them:
 * ASP.NET pads its compressed blobs with one 0xFF there.
 */
final class BoundedInflater {
    private static final int CHUNK_BYTES = 64 * 1024;

    enum Outcome { INFLATED, NOT_DEFLATE, TOO_LARGE }

    /** @param bytes the inflated data when INFLATED, otherwise null */
    record Inflation(Outcome outcome, byte[] bytes) {
    }

    private BoundedInflater() {
    }

    static Inflation inflate(byte[] data, int maxInflatedBytes) {
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(data);
            ByteArrayOutputStream inflated = new ByteArrayOutputStream();
            byte[] chunk = new byte[CHUNK_BYTES];
            while (!inflater.finished()) {
                int length = inflater.inflate(chunk);
                if (length == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    return new Inflation(Outcome.NOT_DEFLATE, null); // the stream stops before its last block
                }
                if (length > maxInflatedBytes - inflated.size()) {
                    return new Inflation(Outcome.TOO_LARGE, null);
                }
                inflated.write(chunk, 0, length);
            }
            return new Inflation(Outcome.INFLATED, inflated.toByteArray());
        } catch (DataFormatException e) {
            return new Inflation(Outcome.NOT_DEFLATE, null);
        } finally {
            inflater.end();
        }
    }
}
