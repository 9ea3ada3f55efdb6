package aspstate.bench.redis;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Issues lock ids for GetItemExclusive. Like the provider, which passes DateTime.Now.Ticks, the client chooses
 * the id and the script stores it; this keeps the lock script free of a shared counter key. Ids stay in
 * 1..2147483646 (the StateServer's LockCookie range) so they fit {@code Reply.lockCookie}. One sequence per
 * factory, shared by its connections; a random start keeps a new run from reusing the ids of a run before it
 * whose locks may not have lapsed yet.
 */
final class LockIds {
    static final int MAX = 2_147_483_646;

    private final AtomicInteger last;

    LockIds() {
        this(ThreadLocalRandom.current().nextInt(1, MAX));
    }

    LockIds(int start) {
        if (start < 1 || start > MAX) {
            throw new IllegalArgumentException("lock id start must be 1.." + MAX + ", got " + start);
        }
        this.last = new AtomicInteger(start - 1);
    }

    int next() {
        return last.updateAndGet(id -> id >= MAX ? 1 : id + 1);
    }
}
