package aspstate.client;

import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;

/**
 * A StateServer response as it came, with the headers the protocol defines already typed: what
 * {@link StateServerConnection} answers. Applications use {@link SessionStateClient}, which turns these into
 * results and exceptions.
 *
 * @param status         200, 400, 404 or 423
 * @param aspNetVersion  X-AspNet-Version, or null if absent
 * @param actionFlags    ActionFlags: 1 was present (the session was created uninitialized and this is its first read)
 * @param lockCookie     LockCookie, or null
 * @param timeoutMinutes Timeout, or null
 * @param lockDateTicks  LockDate as .NET ticks in the server's zone, or null
 * @param lockAgeSeconds LockAge, or null
 * @param data           the body (empty when there is none)
 */
public record StateServerResponse(
        int status,
        String aspNetVersion,
        boolean actionFlags,
        Integer lockCookie,
        Integer timeoutMinutes,
        Long lockDateTicks,
        Long lockAgeSeconds,
        byte[] data) {

    private static final long TICKS_PER_SECOND = 10_000_000L;
    private static final LocalDateTime TICKS_ORIGIN = LocalDateTime.of(1, 1, 1, 0, 0);

    public boolean isOk() {
        return status == 200;
    }

    public boolean isNotFound() {
        return status == 404;
    }

    public boolean isLocked() {
        return status == 423;
    }

    public boolean isBadRequest() {
        return status == 400;
    }

    /** LockDate as a local date-time in the server's zone, or null. */
    public LocalDateTime lockDate() {
        if (lockDateTicks == null) {
            return null;
        }
        return TICKS_ORIGIN
                .plusSeconds(lockDateTicks / TICKS_PER_SECOND)
                .plus((lockDateTicks % TICKS_PER_SECOND) * 100, ChronoUnit.NANOS);
    }

    @Override
    public String toString() {
        return status + (actionFlags ? " ActionFlags" : "") + (lockCookie != null ? " LockCookie=" + lockCookie : "")
                + (timeoutMinutes != null ? " Timeout=" + timeoutMinutes : "")
                + (lockAgeSeconds != null ? " LockAge=" + lockAgeSeconds : "") + " " + data.length + " bytes";
    }
}
