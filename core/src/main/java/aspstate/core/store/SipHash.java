package aspstate.core.store;

/**
 * SipHash-1-3 (Aumasson and Bernstein, 2012, with the round counts Rust's and CPython's hash tables use) of a
 * string's UTF-16LE code units, under a 128-bit key. The session table hashes client-chosen keys with it: without
 * the key, nobody can compute which keys collide, so a client cannot pile its sessions into one probe sequence.
 * {@code String.hashCode} offers no such defence, and with open addressing there are no balanced bins to fall
 * back on as {@code ConcurrentHashMap} has.
 */
final class SipHash {
    private long v0;
    private long v1;
    private long v2;
    private long v3;

    private SipHash(long k0, long k1) {
        v0 = k0 ^ 0x736f6d6570736575L;
        v1 = k1 ^ 0x646f72616e646f6dL;
        v2 = k0 ^ 0x6c7967656e657261L;
        v3 = k1 ^ 0x7465646279746573L;
    }

    static long hash(long k0, long k1, String text) {
        return hash(1, 3, k0, k1, text);
    }

    /**
     * SipHash-c-d: {@code compressionRounds} per message word, {@code finalRounds} at the end. Only 1-3 is used;
     * the tests check 2-4, the variant with published vectors, through the same code. The state object does not
     * escape, so the JIT keeps it in registers.
     */
    static long hash(int compressionRounds, int finalRounds, long k0, long k1, String text) {
        SipHash state = new SipHash(k0, k1);
        int length = text.length();
        int whole = length & ~3; // four UTF-16 code units make one 64-bit message word
        for (int i = 0; i < whole; i += 4) {
            state.absorb(
                    text.charAt(i)
                            | (long) text.charAt(i + 1) << 16
                            | (long) text.charAt(i + 2) << 32
                            | (long) text.charAt(i + 3) << 48,
                    compressionRounds);
        }
        // The last word: the 0-3 code units left over, and the message's length in bytes in the top byte.
        long last = (long) (length * 2) << 56;
        for (int i = whole, shift = 0; i < length; i++, shift += 16) {
            last |= (long) text.charAt(i) << shift;
        }
        state.absorb(last, compressionRounds);
        state.v2 ^= 0xff;
        state.rounds(finalRounds);
        return state.v0 ^ state.v1 ^ state.v2 ^ state.v3;
    }

    private void absorb(long word, int rounds) {
        v3 ^= word;
        rounds(rounds);
        v0 ^= word;
    }

    private void rounds(int count) {
        for (int round = 0; round < count; round++) {
            v0 += v1;
            v1 = Long.rotateLeft(v1, 13) ^ v0;
            v0 = Long.rotateLeft(v0, 32);
            v2 += v3;
            v3 = Long.rotateLeft(v3, 16) ^ v2;
            v0 += v3;
            v3 = Long.rotateLeft(v3, 21) ^ v0;
            v2 += v1;
            v1 = Long.rotateLeft(v1, 17) ^ v2;
            v2 = Long.rotateLeft(v2, 32);
        }
    }
}
