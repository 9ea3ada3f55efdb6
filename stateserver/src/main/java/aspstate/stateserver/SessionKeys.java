package aspstate.stateserver;

/**
 * Turns the request target into the session key: URL-decoding, with '+' as a space, an undecodable escape kept
 * literally and a leading "//" collapsed to "/", so "%2fa", "/a" and "//a" name one session. Bytes map to chars
 * one to one (ISO-8859-1): the mapping is lossless, so distinct ids never collide, and ASCII ids (all real ones)
 * read naturally. Keys are case-sensitive and any string is valid. Clients write targets as
 * {@code aspstate.client.RequestTargets} does.
 */
public final class SessionKeys {
    private SessionKeys() {}

    /** Decodes target bytes [from, to) of the array, which stays as it is. */
    public static String decode(byte[] bytes, int from, int to) {
        return decodeInPlace(java.util.Arrays.copyOfRange(bytes, from, to), 0, to - from);
    }

    /**
     * Decodes target bytes [from, to) of the array, writing the decoded bytes over them (decoding never lengthens):
     * for a buffer the caller does not need again, such as a decoder's line buffer, so that a request's key costs
     * one allocation, its String, instead of two.
     */
    public static String decodeInPlace(byte[] bytes, int from, int to) {
        int length = 0;
        for (int i = from; i < to; i++) {
            int b = bytes[i] & 0xFF;
            if (b == '%' && i + 2 < to) {
                int high = Character.digit(bytes[i + 1], 16);
                int low = Character.digit(bytes[i + 2], 16);
                if (high >= 0 && low >= 0) {
                    bytes[from + length++] = (byte) (high << 4 | low);
                    i += 2;
                    continue;
                }
            }
            bytes[from + length++] = (byte) (b == '+' ? ' ' : b);
        }
        int start = length >= 2 && bytes[from] == '/' && bytes[from + 1] == '/' ? 1 : 0;
        // ISO-8859-1 maps each byte to one char, and Java stores such a String in one byte per char.
        return new String(bytes, from + start, length - start, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    public static String decode(String target) {
        byte[] bytes = target.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        return decode(bytes, 0, bytes.length);
    }
}
