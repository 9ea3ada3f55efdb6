package aspstate.core.stateserver;

import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;

/**
 * One decoded StateServer request, independent of how it arrived. It is itself the {@link Mutation} a store runs
 * for the key, so executing a request allocates nothing beyond the new entry and the result.
 */
public final class StateRequest implements Mutation<SessionEntry, StateResult> {

    public enum Kind {
        GET("Get"), GET_EXCLUSIVE("GetExclusive"), RELEASE_EXCLUSIVE("ReleaseExclusive"), SET("Set"),
        REMOVE("Remove"), RESET_TIMEOUT("ResetTimeout");

        private final String operation;

        Kind(String operation) {
            this.operation = operation;
        }
    }

    /** Timeout used when a Set carries none. */
    public static final int DEFAULT_TIMEOUT_MINUTES = 20;
    /** Largest Timeout a Set may carry: one year, as Microsoft's service enforces. */
    public static final int MAX_TIMEOUT_MINUTES = 525_600;

    private final Kind kind;
    private final boolean hasLockCookie;
    private final int lockCookie;
    private final int timeoutMinutes;
    private final boolean insertOnly;
    private final byte[] data;

    private StateRequest(Kind kind, boolean hasLockCookie, int lockCookie, int timeoutMinutes, boolean insertOnly,
                         byte[] data) {
        this.kind = kind;
        this.hasLockCookie = hasLockCookie;
        this.lockCookie = lockCookie;
        this.timeoutMinutes = timeoutMinutes;
        this.insertOnly = insertOnly;
        this.data = data;
    }

    private static final StateRequest GET = new StateRequest(Kind.GET, false, 0, 0, false, null);
    private static final StateRequest GET_EXCLUSIVE = new StateRequest(Kind.GET_EXCLUSIVE, false, 0, 0, false, null);
    private static final StateRequest RESET_TIMEOUT = new StateRequest(Kind.RESET_TIMEOUT, false, 0, 0, false, null);

    public static StateRequest get() {
        return GET;
    }

    public static StateRequest getExclusive() {
        return GET_EXCLUSIVE;
    }

    /** ReleaseExclusive; a null cookie is a request without the LockCookie header (answered 400). */
    public static StateRequest releaseExclusive(Integer lockCookie) {
        return new StateRequest(Kind.RELEASE_EXCLUSIVE, lockCookie != null, orZero(lockCookie), 0, false, null);
    }

    /**
     * Set. A null timeout means the header was absent (20 minutes); a null cookie means no LockCookie header.
     *
     * @param insertOnly ExtraFlags: 1 - create the entry only if it does not exist
     */
    public static StateRequest set(byte[] data, Integer timeoutMinutes, boolean insertOnly, Integer lockCookie) {
        int timeout = timeoutMinutes == null ? DEFAULT_TIMEOUT_MINUTES : timeoutMinutes;
        return new StateRequest(Kind.SET, lockCookie != null, orZero(lockCookie), timeout, insertOnly, data);
    }

    public static StateRequest remove(Integer lockCookie) {
        return new StateRequest(Kind.REMOVE, lockCookie != null, orZero(lockCookie), 0, false, null);
    }

    public static StateRequest resetTimeout() {
        return RESET_TIMEOUT;
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    /**
     * Checks what can be checked without the entry. Returns {@link StateResult#BAD_REQUEST} for a request that must
     * be refused before any lookup, else null.
     */
    public StateResult validate() {
        if (kind == Kind.RELEASE_EXCLUSIVE && !hasLockCookie) {
            return StateResult.BAD_REQUEST;
        }
        if (kind == Kind.SET && (timeoutMinutes < 0 || timeoutMinutes > MAX_TIMEOUT_MINUTES)) {
            return StateResult.BAD_REQUEST;
        }
        return null;
    }

    @Override
    public Outcome<SessionEntry, StateResult> apply(SessionEntry current, long nowMillis) {
        return StateServerSemantics.apply(current, this, nowMillis);
    }

    /** The operation as the spec and ASP.NET's provider name it: Get, GetExclusive, ReleaseExclusive, Set, ... */
    @Override
    public String operation() {
        return kind.operation;
    }

    @Override
    public boolean acquiresLock() {
        return kind == Kind.GET_EXCLUSIVE;
    }

    public Kind kind() {
        return kind;
    }

    public boolean hasLockCookie() {
        return hasLockCookie;
    }

    public int lockCookie() {
        return lockCookie;
    }

    public int timeoutMinutes() {
        return timeoutMinutes;
    }

    public boolean insertOnly() {
        return insertOnly;
    }

    public byte[] data() {
        return data;
    }

    @Override
    public String toString() {
        return kind + (hasLockCookie ? " cookie=" + lockCookie : "")
                + (kind == Kind.SET ? " timeout=" + timeoutMinutes + " insertOnly=" + insertOnly + " "
                + data.length + " bytes" : "");
    }
}
