package aspstate.bench;

import java.util.Random;
import java.util.SplittableRandom;

/**
 * Session payloads: a fixed size ("1024") or sizes drawn uniformly from a range ("uniform:256-4096"). A pool of
 * pre-made random arrays is reused, so the generator spends no time making data; servers copy what they receive.
 */
public final class PayloadSizes {
    private static final int POOL = 64;

    private final String description;
    private final byte[][] pool;

    private PayloadSizes(String description, byte[][] pool) {
        this.description = description;
        this.pool = pool;
    }

    public static PayloadSizes parse(String text, long seed) {
        String spec = text.trim();
        Random random = new Random(seed);
        if (spec.startsWith("uniform:")) {
            String[] range = spec.substring("uniform:".length()).split("-");
            if (range.length != 2) {
                throw new IllegalArgumentException("payload range looks like uniform:256-4096, got '" + text + "'");
            }
            int min = size(range[0], text);
            int max = size(range[1], text);
            if (max < min) {
                throw new IllegalArgumentException("payload range '" + text + "' has max below min");
            }
            byte[][] pool = new byte[POOL][];
            for (int i = 0; i < POOL; i++) {
                pool[i] = randomBytes(min + random.nextInt(max - min + 1), random);
            }
            return new PayloadSizes(spec, pool);
        }
        return new PayloadSizes(spec, new byte[][] {randomBytes(size(spec, text), random)});
    }

    private static int size(String number, String whole) {
        try {
            int size = Integer.parseInt(number.trim());
            if (size < 1 || size > (64 << 20)) {
                throw new IllegalArgumentException("payload size must be 1..67108864 bytes, got '" + whole + "'");
            }
            return size;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("payload is a size in bytes or uniform:MIN-MAX, got '" + whole + "'");
        }
    }

    private static byte[] randomBytes(int size, Random random) {
        byte[] bytes = new byte[size];
        random.nextBytes(bytes);
        return bytes;
    }

    public byte[] next(SplittableRandom random) {
        return pool.length == 1 ? pool[0] : pool[random.nextInt(pool.length)];
    }

    @Override
    public String toString() {
        return description;
    }
}
