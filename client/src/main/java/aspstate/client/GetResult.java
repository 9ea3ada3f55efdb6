package aspstate.client;

import java.time.Duration;

/**
 * The answer to GetItem or GetItemExclusive, as SessionStateStoreProviderBase returns it.
 *
 * @param status         whether the item was found, is locked by another request, or does not exist
 * @param data           the session's bytes when found (ASP.NET's serialized session, see
 *                       {@link aspstate.sessionformat.SessionStateData}); empty otherwise
 * @param timeoutMinutes the session's timeout when found; 0 otherwise
 * @param lockCookie     the lock's id: the one this request now holds after a GetItemExclusive that found the item,
 *                       or the holder's when locked; 0 otherwise
 * @param lockAge        how long the lock has been held when locked; zero otherwise
 * @param initializeItem ASP.NET's ActionFlags InitializeItem: the item was created uninitialized
 *                       (CreateUninitializedItem) and this is its first read, so the caller treats the session as
 *                       new
 */
public record GetResult(
        Status status, byte[] data, int timeoutMinutes, int lockCookie, Duration lockAge, boolean initializeItem) {

    public enum Status {
        FOUND,
        LOCKED,
        NOT_FOUND
    }

    public boolean found() {
        return status == Status.FOUND;
    }

    public boolean locked() {
        return status == Status.LOCKED;
    }
}
