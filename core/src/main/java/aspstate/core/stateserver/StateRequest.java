package aspstate.core.stateserver;

import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;

/**
 * The StateServer operations, one record per operation, named as the spec and ASP.NET's provider name them. A record
 * holds what the request carries except the session key (the store key), and is itself the {@link Mutation} a store
 * runs for that key; the rules are in {@link StateServerSemantics}.
 *
 * <p>A record is valid by construction: what the protocol refuses with a 400 (a ReleaseExclusive without LockCookie,
 * a Timeout out of range) is refused by the decoder, which never builds it. A lock cookie is an Integer where the
 * header is optional: null means the request carries none.
 */
public sealed interface StateRequest extends Mutation<SessionEntry, StateResult> {

    /** Timeout used when a Set carries none. */
    int DEFAULT_TIMEOUT_MINUTES = 20;
    /** Largest Timeout a Set may carry: one year, as Microsoft's service enforces. */
    int MAX_TIMEOUT_MINUTES = 525_600;

    /** The operation's name, which is the record's. */
    @Override
    default String operation() {
        return getClass().getSimpleName();
    }

    /** Every operation but Set answers 404 for a session that does not exist. */
    @Override
    default Outcome<SessionEntry, StateResult> apply(SessionEntry entry, long nowMillis) {
        return entry == null ? Outcome.keep(StateResult.NOT_FOUND) : applyTo(entry, nowMillis);
    }

    /** The operation on a session that exists. */
    Outcome<SessionEntry, StateResult> applyTo(SessionEntry entry, long nowMillis);

    /** A Timeout header's value is one a Set may carry. */
    static boolean isValidTimeout(int minutes) {
        return minutes >= 0 && minutes <= MAX_TIMEOUT_MINUTES;
    }

    static StateRequest get() {
        return Get.INSTANCE;
    }

    static StateRequest getExclusive() {
        return GetExclusive.INSTANCE;
    }

    static StateRequest releaseExclusive(int lockCookie) {
        return new ReleaseExclusive(lockCookie);
    }

    /**
     * @param timeoutMinutes null when the header was absent (20 minutes)
     * @param insertOnly     ExtraFlags: 1 - create the entry only if it does not exist
     * @param lockCookie     null when the request carries no LockCookie header
     */
    static StateRequest set(byte[] data, Integer timeoutMinutes, boolean insertOnly, Integer lockCookie) {
        return new Set(data, timeoutMinutes == null ? DEFAULT_TIMEOUT_MINUTES : timeoutMinutes, insertOnly, lockCookie);
    }

    static StateRequest remove(Integer lockCookie) {
        return new Remove(lockCookie);
    }

    static StateRequest resetTimeout() {
        return ResetTimeout.INSTANCE;
    }

    record Get() implements StateRequest {
        private static final Get INSTANCE = new Get();

        @Override
        public Outcome<SessionEntry, StateResult> applyTo(SessionEntry entry, long nowMillis) {
            return StateServerSemantics.get(entry, nowMillis);
        }
    }

    record GetExclusive() implements StateRequest {
        private static final GetExclusive INSTANCE = new GetExclusive();

        @Override
        public boolean acquiresLock() {
            return true;
        }

        @Override
        public Outcome<SessionEntry, StateResult> applyTo(SessionEntry entry, long nowMillis) {
            return StateServerSemantics.getExclusive(entry, nowMillis);
        }
    }

    record ReleaseExclusive(int lockCookie) implements StateRequest {
        @Override
        public Outcome<SessionEntry, StateResult> applyTo(SessionEntry entry, long nowMillis) {
            return StateServerSemantics.releaseExclusive(entry, lockCookie, nowMillis);
        }
    }

    record Set(byte[] data, int timeoutMinutes, boolean insertOnly, Integer lockCookie) implements StateRequest {
        public Set {
            if (!isValidTimeout(timeoutMinutes)) {
                throw new IllegalArgumentException("Timeout out of range: " + timeoutMinutes);
            }
        }

        /** The one operation that creates a session. */
        @Override
        public Outcome<SessionEntry, StateResult> apply(SessionEntry entry, long nowMillis) {
            return entry == null ? StateServerSemantics.insert(this, nowMillis) : applyTo(entry, nowMillis);
        }

        @Override
        public Outcome<SessionEntry, StateResult> applyTo(SessionEntry entry, long nowMillis) {
            return StateServerSemantics.set(entry, this, nowMillis);
        }

        @Override
        public String toString() {
            return "Set[" + data.length + " bytes, timeout=" + timeoutMinutes + ", insertOnly=" + insertOnly
                    + ", lockCookie=" + lockCookie + "]";
        }
    }

    record Remove(Integer lockCookie) implements StateRequest {
        @Override
        public Outcome<SessionEntry, StateResult> applyTo(SessionEntry entry, long nowMillis) {
            return StateServerSemantics.remove(entry, lockCookie, nowMillis);
        }
    }

    record ResetTimeout() implements StateRequest {
        private static final ResetTimeout INSTANCE = new ResetTimeout();

        @Override
        public Outcome<SessionEntry, StateResult> applyTo(SessionEntry entry, long nowMillis) {
            return Outcome.put(entry.touched(nowMillis), StateResult.OK);
        }
    }
}
