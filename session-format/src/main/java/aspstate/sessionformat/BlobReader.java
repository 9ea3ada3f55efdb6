package aspstate.sessionformat;

import static java.nio.charset.StandardCharsets.UTF_8;

/**
 * Reads what .NET's BinaryWriter writes (little-endian integers, 7-bit length-prefixed UTF-8 strings) from a range
 * of a byte array, and refuses to read past the range's end with a {@link BlobFormatException} that says what it
 * was reading and at which byte. Lengths are checked against the bytes remaining before anything is allocated for
 * them. Positions are always those in the whole array, so that every message points at the same bytes.
 */
final class BlobReader {
    private final byte[] data;
    /** Strings are cut to this many chars; 0 reads them whole. */
    private final int previewChars;

    private final int limit;
    private final String endName;
    private int position;

    /**
     * @param previewChars strings are cut to this many chars and {@link ReadLimits#CUT_MARKER}; 0 reads them whole
     * @param endName      what ends at the end of this range, for messages: "the data", "its span"
     */
    BlobReader(byte[] data, int previewChars, String endName) {
        this(data, previewChars, 0, data.length, endName);
    }

    private BlobReader(byte[] data, int previewChars, int position, int limit, String endName) {
        this.data = data;
        this.previewChars = previewChars;
        this.position = position;
        this.limit = limit;
        this.endName = endName;
    }

    int position() {
        return position;
    }

    /** The bytes of the whole array from {@code from} to the current position. */
    byte[] bytesSince(int from) {
        return java.util.Arrays.copyOfRange(data, from, position);
    }

    int remaining() {
        return limit - position;
    }

    /** A reader of the next {@code length} bytes, which this reader then skips. */
    BlobReader slice(int length, String what, String sliceEndName) {
        require(length, what);
        BlobReader slice = new BlobReader(data, previewChars, position, position + length, sliceEndName);
        position += length;
        return slice;
    }

    /** A reader of the rest of this range, which this reader then skips. */
    BlobReader rest(String sliceEndName) {
        return slice(remaining(), "the rest", sliceEndName);
    }

    void require(long length, String what) {
        if (length > remaining()) {
            throw new BlobFormatException(endName + " ends at byte " + limit + " in the middle of " + what + " ("
                    + length + " bytes from byte " + position + ", " + remaining() + " there)");
        }
    }

    int u8(String what) {
        require(1, what);
        return data[position++] & 0xFF;
    }

    /** As BinaryReader.ReadBoolean: any byte but 0 is true. */
    boolean bool(String what) {
        return u8(what) != 0;
    }

    short int16(String what) {
        require(2, what);
        int value = (data[position] & 0xFF) | (data[position + 1] & 0xFF) << 8;
        position += 2;
        return (short) value;
    }

    int int32(String what) {
        require(4, what);
        int value = 0;
        for (int i = 3; i >= 0; i--) {
            value = value << 8 | (data[position + i] & 0xFF);
        }
        position += 4;
        return value;
    }

    long int64(String what) {
        long low = int32(what) & 0xFFFF_FFFFL;
        return (long) int32(what) << 32 | low;
    }

    /** Whether the range's last byte is ASP.NET's end marker, 0xFF. */
    boolean endsWithMarker() {
        return limit > position && data[limit - 1] == (byte) 0xFF;
    }

    /** Moves to the range's last byte. */
    void skipToMarker() {
        position = limit - 1;
    }

    void skip(int length, String what) {
        require(length, what);
        position += length;
    }

    byte[] bytes(int length, String what) {
        require(length, what);
        byte[] bytes = new byte[length];
        System.arraycopy(data, position, bytes, 0, length);
        position += length;
        return bytes;
    }

    /**
     * A string as BinaryWriter.Write(string) writes it; in a preview, cut to that many chars and
     * {@link ReadLimits#CUT_MARKER}, decoding only the bytes the preview needs. Bytes that are not UTF-8 read as
     * U+FFFD, as .NET reads them.
     */
    String string(String what) {
        int length = length7Bit(what);
        require(length, what);
        if (previewChars == 0) {
            String text = new String(data, position, length, UTF_8);
            position += length;
            return text;
        }
        // Enough UTF-8 bytes to hold previewChars whole chars, at 4 bytes a code point at most.
        int previewBytes = 4 * previewChars + 4;
        String text = new String(data, position, Math.min(length, previewBytes), UTF_8);
        position += length;
        if (length <= previewBytes && text.length() <= previewChars) {
            return text;
        }
        // Here the text holds at least previewChars chars, so the preview cuts it.
        return ReadLimits.preview(text, previewChars);
    }

    /** Skips a string as BinaryWriter.Write(string) writes it, decoding nothing. */
    void skipString(String what) {
        int length = length7Bit(what);
        skip(length, what);
    }

    /** BinaryReader.Read7BitEncodedInt: 7 bits a byte, low bits first, at most 5 bytes, never negative here. */
    private int length7Bit(String what) {
        int start = position;
        long value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = u8("the length of " + what);
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (value > Integer.MAX_VALUE) {
                    throw new BlobFormatException("the length of " + what + " at byte " + start + " is " + value
                            + ", more than a .NET string can hold");
                }
                return (int) value;
            }
        }
        throw new BlobFormatException("the length of " + what + " at byte " + start + " runs past 5 bytes");
    }
}
