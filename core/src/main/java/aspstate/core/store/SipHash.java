package aspstate.core.store;

/**
 * SipHash-2-4 (Aumasson and Bernstein, 2012) of a string's UTF-16LE code units, under a 128-bit key. The session
 * table hashes client-chosen keys with it: without the key, nobody can compute which keys collide, so a client
 * cannot pile its sessions into one probe sequence. {@code String.hashCode} offers no such defence, and with open
 * addressing there are no balanced bins to fall back on as {@code ConcurrentHashMap} has.
 *
 * <p>No allocation: the four state words are locals.
 */
final class SipHash {
    private SipHash() {
    }

    static long hash(long k0, long k1, String text) {
        long v0 = k0 ^ 0x736f6d6570736575L;
        long v1 = k1 ^ 0x646f72616e646f6dL;
        long v2 = k0 ^ 0x6c7967656e657261L;
        long v3 = k1 ^ 0x7465646279746573L;
        int length = text.length();
        int whole = length & ~3; // four UTF-16 code units make one 64-bit message word
        // One pass per message word (two rounds each), then one more for the finalization (four rounds).
        for (int i = 0; i <= whole + 4; i += 4) {
            long m = i <= whole ? word(text, i, whole, length) : 0;
            int rounds = 2;
            if (i <= whole) {
                v3 ^= m;
            } else {
                v2 ^= 0xff;
                rounds = 4;
            }
            for (int round = 0; round < rounds; round++) {
                v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
                v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
                v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
                v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
            }
            v0 ^= m;
        }
        return v0 ^ v1 ^ v2 ^ v3;
    }

    /** The message word at code unit {@code i}; the last one holds the 0-3 units left and the length in bytes. */
    private static long word(String text, int i, int whole, int length) {
        if (i < whole) {
            return text.charAt(i) | (long) text.charAt(i + 1) << 16 | (long) text.charAt(i + 2) << 32
                    | (long) text.charAt(i + 3) << 48;
        }
        long m = (long) (length * 2) << 56;
        for (int j = i, shift = 0; j < length; j++, shift += 16) {
            m |= (long) text.charAt(j) << shift;
        }
        return m;
    }
}
