package aspstate.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.hash.Hashing;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The session table's key hash: SipHash of the key's UTF-16LE code units. The table uses SipHash-1-3; the published
 * vectors and Guava's implementation are for SipHash-2-4, which the same code computes with other round counts.
 */
class SipHashTest {
    /** The reference key 00 01 .. 0f of the SipHash paper, as two little-endian words. */
    private static final long K0 = 0x0706050403020100L;

    private static final long K1 = 0x0f0e0d0c0b0a0908L;

    /** The reference implementation's first test vector: the empty message under the reference key. */
    @Test
    void emptyMessageGivesTheReferenceVector() {
        assertThat(SipHash.hash(2, 4, K0, K1, "")).isEqualTo(0x726fdb47dd0e0e31L);
    }

    /**
     * SipHash-1-3, the variant the table uses, against the vectors Rust's core library tests its SipHasher13 with:
     * vector n is the hash of the bytes 0, 1, ..., n-1 under the reference key, as 8 little-endian bytes. Only even
     * lengths can be written as UTF-16 code units: here none, one, one and a half, and seven and three quarter words.
     */
    @ParameterizedTest(name = "{0} bytes")
    @CsvSource({
        "0, dc c4 0f 05 58 01 ac ab",
        "2, 4d d4 c7 4d 02 9b cb 82",
        "8, 8e 9a 29 8d 11 95 90 36",
        "14, 34 5d f9 c0 11 a1 5a 60",
        "16, 66 8b 90 7d 1a dd 4f cc",
        "62, e0 94 66 4b 15 f6 b2 c3"
    })
    void sipHash13MatchesTheReferenceVectors(int bytes, String littleEndian) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < bytes; i += 2) {
            text.append((char) (i | (i + 1) << 8)); // UTF-16LE: byte i is the code unit's low byte
        }
        String[] hex = littleEndian.split(" ");
        long expected = 0;
        for (int i = 0; i < 8; i++) {
            expected |= Long.parseLong(hex[i], 16) << (8 * i);
        }
        assertThat(SipHash.hash(K0, K1, text.toString())).isEqualTo(expected);
    }

    /** Every length from 0 to 40 code units (each remainder of the last word), and text outside Latin-1. */
    @Test
    void agreesWithGuavasSipHash24OverTheCodeUnits() {
        Random random = new Random(42);
        for (int length = 0; length <= 40; length++) {
            for (int sample = 0; sample < 20; sample++) {
                long k0 = random.nextLong();
                long k1 = random.nextLong();
                StringBuilder text = new StringBuilder();
                for (int i = 0; i < length; i++) {
                    text.append(sample % 2 == 0 ? (char) (32 + random.nextInt(95)) : (char) random.nextInt(0x10000));
                }
                String key = text.toString();
                assertThat(SipHash.hash(2, 4, k0, k1, key))
                        .as("length %d: %s", length, key)
                        .isEqualTo(Hashing.sipHash24(k0, k1)
                                .hashUnencodedChars(key)
                                .asLong());
            }
        }
    }

    /**
     * Keys built from "Aa" and "BB", which String.hashCode cannot tell apart: 4,096 keys with one hashCode, as a
     * client flooding the store would choose them. Under SipHash they all differ.
     */
    @Test
    void keysThatCollideForStringHashCodeDoNotCollideHere() {
        Set<Integer> javaHashes = new HashSet<>();
        Set<Long> sipHashes = new HashSet<>();
        for (int bits = 0; bits < 4096; bits++) {
            StringBuilder key = new StringBuilder("/LM/W3SVC/1/ROOT/app-");
            for (int i = 0; i < 12; i++) {
                key.append((bits >> i & 1) == 0 ? "Aa" : "BB");
            }
            javaHashes.add(key.toString().hashCode());
            sipHashes.add(SipHash.hash(K0, K1, key.toString()));
        }
        assertThat(javaHashes).hasSize(1);
        assertThat(sipHashes).hasSize(4096);
    }
}
