package aspstate.core.store;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Keys grouped by the second in which they are due to expire, so that expired entries can be found without a
 * lookup. Each live entry is in at most one bucket at a time: sliding expiry does not move it (that would cost
 * work on every request); instead the reaper re-files an entry that turns out to have been extended. The cost
 * per entry is one reference, and scheduling is O(log distinct due seconds), independent of the entry count.
 */
final class ExpirySchedule {
    /** Bucket number meaning "not scheduled" (never expires). */
    static final long UNSCHEDULED = Long.MAX_VALUE;

    private final ConcurrentSkipListMap<Long, Bucket> buckets = new ConcurrentSkipListMap<>();

    /** The bucket a value expiring at this time belongs to: the first whole second at or after it. */
    static long bucketFor(long expiresAtMillis) {
        if (expiresAtMillis == StoredValue.NEVER) {
            return UNSCHEDULED;
        }
        return Math.floorDiv(expiresAtMillis, 1000) + (Math.floorMod(expiresAtMillis, 1000) == 0 ? 0 : 1);
    }

    void add(long bucket, String key) {
        while (!buckets.computeIfAbsent(bucket, b -> new Bucket()).add(key)) {
            // The reaper closed that bucket between our lookup and our append; a fresh one replaces it.
            Thread.onSpinWait();
        }
    }

    /**
     * Removes and returns the earliest bucket whose second has fully begun by now, or null. A bucket created late
     * for a past second (a race with the reaper) is still returned by a later call, so no key is ever orphaned.
     */
    Due pollDue(long nowMillis) {
        Map.Entry<Long, Bucket> first = buckets.firstEntry();
        if (first == null || first.getKey() > Math.floorDiv(nowMillis, 1000)) { // not bucket * 1000: it can overflow
            return null;
        }
        if (!buckets.remove(first.getKey(), first.getValue())) {
            return pollDue(nowMillis);
        }
        return new Due(first.getKey(), first.getValue().close());
    }

    int bucketCount() {
        return buckets.size();
    }

    /** A polled bucket: its second and the keys filed in it. */
    record Due(long bucket, String[] keys) {}

    /** An append-only list of keys that can be closed once, after which appends are refused. */
    private static final class Bucket {
        private String[] keys = new String[8];
        private int size;
        private boolean closed;

        synchronized boolean add(String key) {
            if (closed) {
                return false;
            }
            if (size == keys.length) {
                keys = Arrays.copyOf(keys, size * 2);
            }
            keys[size++] = key;
            return true;
        }

        synchronized String[] close() {
            closed = true;
            String[] result = Arrays.copyOf(keys, size);
            keys = null;
            return result;
        }
    }
}
