package aspstate.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * How a key is written into a request target: as ASP.NET's client writes it, through HttpUtility.UrlEncode, every
 * byte outside the URL-safe set as %xx with lower-case hex, a space as '+', characters above U+00FF as UTF-8 first.
 * A key whose characters all lie within U+0000-U+00FF is written as those bytes (Latin-1), so that the server,
 * which reads a target's bytes as Latin-1, holds the very key the Java caller named; ASP.NET would write the
 * characters U+0080-U+00FF as UTF-8. ASP.NET's own keys (application ids, session ids) are ASCII, where the two agree.
 */
public final class RequestTargets {
    private static final byte[] HEX_DIGITS = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    /** The bytes ASP.NET's client leaves as they are, by value. */
    private static final boolean[] URL_SAFE = new boolean[256];

    static {
        for (int b = 0; b < URL_SAFE.length; b++) {
            URL_SAFE[b] = (b >= 'a' && b <= 'z')
                    || (b >= 'A' && b <= 'Z')
                    || (b >= '0' && b <= '9')
                    || b == '-'
                    || b == '_'
                    || b == '.'
                    || b == '!'
                    || b == '*'
                    || b == '('
                    || b == ')';
        }
    }

    private RequestTargets() {}

    /** The target for {@code key}, e.g. {@code %2fLM%2fW3SVC%2f1%2fROOT%2fapp(Ab%2bc%3d)%2fx3kq}. */
    public static String encode(String key) {
        ByteBuf out = Unpooled.buffer(key.length() * 3);
        encode(key, out);
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    /**
     * {@link #encode(String)}, written straight into a buffer: the hot path makes no Strings. The target is built in
     * an array and written with one call, as a buffer checks its bounds on each write.
     */
    static void encode(String key, ByteBuf out) {
        byte[] bytes = key.getBytes(isLatin1(key) ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
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
        if (b == ' ') {
            target[at] = '+';
            return at + 1;
        }
        target[at] = '%';
        target[at + 1] = HEX_DIGITS[b >> 4];
        target[at + 2] = HEX_DIGITS[b & 0xF];
        return at + 3;
    }
}
