package aspstate.bench.memory;

/**
 * Distinct session keys shaped like the ones ASP.NET's StateServer provider sends (after URL-decoding):
 * {@code /LM/W3SVC/<site>/ROOT/<app>(<base64 app hash>)/<24-char session id>}, the id drawn from ASP.NET's
 * SessionIDManager alphabet (a-z, 0-5). Keys are pure ASCII, so as Java Strings they are Latin-1 compact: one byte
 * per char.
 *
 * <p>Key {@code i} is a pure function of {@code i}: the first 13 id chars encode a bijective 64-bit mix of
 * {@code i}, so distinct indexes always give distinct keys, and the keys look random (no shared id prefix that
 * would flatter string comparison).
 */
public final class AspNetKeys {
    /** A typical key length: site path, a 12-char application name, the app hash and the id. */
    public static final int DEFAULT_LENGTH = 80;
    /** ASP.NET session ids are 24 chars (15 random bytes in base32). */
    public static final int ID_LENGTH = 24;
    /** Below this the id cannot hold the 13 chars that make keys unique. */
    public static final int MIN_LENGTH = 13;

    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz012345".toCharArray();
    private static final String SITE = "/LM/W3SVC/1/ROOT/";
    private static final String APP_NAMES = "ContosoPortalIntranetWebApplicationForSessionStateBenchmarks";
    private static final String APP_HASH = "(q8Vt3Kd0LmZr5XcPw2Nh+A==)/";

    private final int length;
    private final char[] prefix;

    public AspNetKeys(int length) {
        if (length < MIN_LENGTH) {
            throw new IllegalArgumentException("key length must be >= " + MIN_LENGTH + ", got " + length);
        }
        this.length = length;
        int fixed = SITE.length() + APP_HASH.length() + ID_LENGTH;
        String template;
        if (length > fixed) {
            StringBuilder app = new StringBuilder();
            while (app.length() < length - fixed) {
                app.append(APP_NAMES);
            }
            template = SITE + app.substring(0, length - fixed) + APP_HASH;
        } else {
            template = (SITE + "app" + APP_HASH).substring(0, Math.max(0, length - ID_LENGTH));
        }
        this.prefix = template.toCharArray();
    }

    public int length() {
        return length;
    }

    /** The i-th key: a new String instance on every call. */
    public String key(long i) {
        char[] chars = new char[length];
        System.arraycopy(prefix, 0, chars, 0, prefix.length);
        writeId(i, chars, prefix.length, length - prefix.length);
        return new String(chars);
    }

    /** Writes up to 24 id chars; the first 13 encode mix(i) completely (65 bits of room for 64). */
    private static void writeId(long i, char[] out, int at, int count) {
        long x = mix(i);
        long y = mix(i ^ 0x9E3779B97F4A7C15L);
        for (int j = 0; j < count; j++) {
            long source = j < 13 ? x : y;
            out[at + j] = ALPHABET[(int) (source & 31)];
            if (j < 13) {
                x >>>= 5;
            } else {
                y >>>= 5;
            }
        }
    }

    /** MurmurHash3's 64-bit finalizer: a bijection on long. */
    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}
