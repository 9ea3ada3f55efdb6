package aspstate.core.store;

/**
 * What the three kinds of session have in common (a StateServer session, an ASPState row, a SharePoint item), for
 * what looks at sessions from outside the protocols: metrics count their locks, the session inspector shows them
 * and an operator releases a stuck lock.
 *
 * @param <V> the session's own type, which {@link #withLockReleased} returns
 */
public interface SessionValue<V extends SessionValue<V>> extends StoredValue {
    int timeoutMinutes();

    boolean locked();

    /** When the current (or last) lock was taken. */
    long lockedAtMillis();

    int lockCookie();

    /** Created empty and not read since (ASP.NET's ActionFlags 1, "initialize items"). */
    boolean uninitialized();

    /** The serialized session as the client stored it, or null when it stored none. */
    byte[] sessionData();

    /** Unlocked as the protocol's own release does (expiry slid, cookie kept), whatever cookie holds the lock. */
    V withLockReleased(long nowMillis);
}
