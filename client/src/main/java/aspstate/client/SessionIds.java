package aspstate.client;

import java.security.SecureRandom;

/**
 * Session ids in ASP.NET's form (SessionIDManager): 120 random bits as 24 characters of {@code a-z0-5}, each five
 * bits, low bits first. ASP.NET accepts only ids of this form from a cookie, so a session a Java application starts
 * is one ASP.NET takes up.
 */
public final class SessionIds {
    /** The characters of an id, by the value of the five bits they stand for. */
    private static final char[] ENCODING = "abcdefghijklmnopqrstuvwxyz012345".toCharArray();

    public static final int LENGTH = 24;
    /** ASP.NET refuses longer ids (SessionIDManager.SESSION_ID_LENGTH_LIMIT), whatever made them. */
    public static final int MAX_LENGTH = 80;

    private static final int RANDOM_BYTES = 15;
    private static final SecureRandom RANDOM = new SecureRandom();

    private SessionIds() {}

    /** A new id from a cryptographically strong random source. */
    public static String create() {
        byte[] random = new byte[RANDOM_BYTES];
        RANDOM.nextBytes(random);
        return encode(random);
    }

    /** Whether {@code id} has the form ASP.NET's SessionIDManager accepts: 24 characters of a-z and 0-5. */
    public static boolean isValid(String id) {
        if (id == null || id.length() != LENGTH) {
            return false;
        }
        for (int i = 0; i < LENGTH; i++) {
            char c = id.charAt(i);
            if (!(c >= 'a' && c <= 'z') && !(c >= '0' && c <= '5')) {
                return false;
            }
        }
        return true;
    }

    /** As ASP.NET: each 5 bytes give 8 characters, from their 40 bits read as a little-endian number. */
    static String encode(byte[] fifteenBytes) {
        char[] chars = new char[LENGTH];
        int at = 0;
        for (int i = 0; i < RANDOM_BYTES; i += 5) {
            long bits = 0;
            for (int b = 4; b >= 0; b--) {
                bits = bits << 8 | (fifteenBytes[i + b] & 0xFF);
            }
            for (int c = 0; c < 8; c++) {
                chars[at++] = ENCODING[(int) (bits >>> 5 * c) & 0x1F];
            }
        }
        return new String(chars);
    }

    /** @throws IllegalArgumentException for an id ASP.NET's client would refuse to send: null, empty or over 80 chars */
    static void checkLength(String id) {
        if (id == null || id.isEmpty() || id.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("a session id has 1 to " + MAX_LENGTH + " characters, as ASP.NET "
                    + "requires; got " + (id == null ? "null" : id.length() + ""));
        }
    }
}
