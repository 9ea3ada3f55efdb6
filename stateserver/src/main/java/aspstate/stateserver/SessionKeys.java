package aspstate.stateserver;

/**
 * Turns the request target into the session key: URL-decoding, with '+' as a space, an undecodable escape kept
 * literally and a leading "//" collapsed to "/", so "%2fa", "/a" and "//a" name one session. Bytes map to chars
 * one to one (ISO-8859-1): the mapping is lossless, so distinct ids never collide, and ASCII ids (all real ones)
 * read naturally. Keys are case-sensitive and any string is valid.
 */
public final class SessionKeys {
    private static final byte[] HEX_DIGITS = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** The bytes ASP.NET's client leaves as they are, by value. */
    private static final boolean[] URL_SAFE = new boolean[256];

    static {
        for (int b = 0; b < URL_SAFE.length; b++) {
            URL_SAFE[b] = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9')
                    || b == '-' || b == '_' || b == '.' || b == '!' || b == '*' || b == '(' || b == ')';
        }
    }

    private SessionKeys() {
    }

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

    /**
     * Encodes a key the way ASP.NET's client writes a target: every byte outside the URL-safe set as %xx with
     * lower-case hex. Characters above U+00FF are first written as UTF-8.
     */
    public static String encode(String key) {
        io.netty.buffer.ByteBuf out = io.netty.buffer.Unpooled.buffer(key.length() * 3);
        encode(key, out);
        return out.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /**
     * {@link #encode(String)}, written straight into a buffer: the client's hot path makes no Strings. The target is
     * built in an array and written with one call, as a buffer checks its bounds on each write.
     */
    public static void encode(String key, io.netty.buffer.ByteBuf out) {
        byte[] bytes = key.getBytes(isLatin1(key) ? java.nio.charset.StandardCharsets.ISO_8859_1
                : java.nio.charset.StandardCharsets.UTF_8);
        byte[] target = new byte[bytes.length * 3];
        int length = 0;
        for (byte b : bytes) {
            length = encodeByte(b & 0xFF, target, length);
        }
        out.writeBytes(target, 0, length);
    }

    private static boolean isLatin1(String key) {
        for (int i = 0; i < key.length(); i++) {
            if (key.charAt(i) > 0xFF) {
                return false;
            }
        }
        return true;
    }

    /** Writes one byte of the key at {@code at}, escaped if need be; returns where the next goes. */
    private static int encodeByte(int b, byte[] target, int at) {
        if (URL_SAFE[b]) {
            target[at] = (byte) b;
            return at + 1;
        }
        target[at] = '%';
        target[at + 1] = HEX_DIGITS[b >> 4];
        target[at + 2] = HEX_DIGITS[b & 0xF];
        return at + 3;
    }
}
