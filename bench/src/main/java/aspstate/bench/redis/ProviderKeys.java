package aspstate.bench.redis;

import java.nio.charset.StandardCharsets;

/**
 * The three Redis keys of one session, named as Microsoft's RedisSessionStateProvider (v5) names them:
 * {@code {id}_WriteLock}, {@code {id}_SessionStateItemCollection}, {@code {id}_SessionTimeout}. The braces are a
 * hash tag: the three keys fall in one cluster slot, so one script may touch all of them. (The provider puts the
 * application name inside the braces too; the bench's ids already carry an application prefix.)
 */
final class ProviderKeys {
    private static final byte[] LOCK_SUFFIX = ascii("}_WriteLock");
    private static final byte[] DATA_SUFFIX = ascii("}_SessionStateItemCollection");
    private static final byte[] TIMEOUT_SUFFIX = ascii("}_SessionTimeout");

    /** Position of each key in KEYS, the order every script expects. */
    static final int LOCK = 0;

    static final int DATA = 1;
    static final int TIMEOUT = 2;

    private ProviderKeys() {}

    /** The keys in script order: lock, data, timeout. The id is encoded once for all three. */
    static byte[][] of(String id) {
        byte[] encodedId = id.getBytes(StandardCharsets.UTF_8);
        return new byte[][] {key(encodedId, LOCK_SUFFIX), key(encodedId, DATA_SUFFIX), key(encodedId, TIMEOUT_SUFFIX)};
    }

    /** One key as text, for inspecting the store from tests and tools. */
    static String name(String id, int which) {
        return new String(of(id)[which], StandardCharsets.UTF_8);
    }

    private static byte[] key(byte[] id, byte[] suffix) {
        byte[] key = new byte[1 + id.length + suffix.length];
        key[0] = '{';
        System.arraycopy(id, 0, key, 1, id.length);
        System.arraycopy(suffix, 0, key, 1 + id.length, suffix.length);
        return key;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
