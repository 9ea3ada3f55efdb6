package aspstate.client;

/**
 * A session this request holds the exclusive lock of: give it back with
 * {@link SessionStateClient#setAndReleaseItemExclusiveAsync} (changed), {@link SessionStateClient#releaseItemExclusiveAsync}
 * (unchanged) or {@link SessionStateClient#removeItemAsync} (abandoned), passing {@link #lockCookie()}.
 *
 * @param sessionId      the session's id
 * @param lockCookie     the lock's id
 * @param data           the session's bytes (ASP.NET's serialized session)
 * @param timeoutMinutes the session's timeout
 * @param initializeItem the session was created uninitialized and this is its first use: a new session
 */
public record LockedItem(String sessionId, int lockCookie, byte[] data, int timeoutMinutes, boolean initializeItem) {}
