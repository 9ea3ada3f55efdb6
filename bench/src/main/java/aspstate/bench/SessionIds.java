package aspstate.bench;

import aspstate.bench.memory.AspNetKeys;

/**
 * Session ids of a load run, shaped like ASP.NET's (see {@link AspNetKeys}). Pre-loaded sessions and new visitors
 * draw from disjoint halves of the same key space, so a new visitor never lands on a pre-loaded session.
 */
public final class SessionIds {
    private static final AspNetKeys KEYS = new AspNetKeys(AspNetKeys.DEFAULT_LENGTH);

    private SessionIds() {}

    /** The id of pre-loaded session number {@code index}. */
    public static String preloaded(long index) {
        return KEYS.key(2 * index);
    }

    /** A fresh id for a new visitor, never used before in this run. */
    public static String fresh(long index) {
        return KEYS.key(2 * index + 1);
    }
}
