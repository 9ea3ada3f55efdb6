package aspstate.admin;

import aspstate.core.store.SessionValue;
import aspstate.core.store.StoredValue;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * One session's metadata as the inspector lists it.
 *
 * @param expiresAt     ISO-8601, or null for a session that never expires
 * @param lockAgeMillis how long the lock has been held, or null when unlocked
 * @param lockCookie    the cookie of the current (or last) lock
 * @param uninitialized created empty and not read since (ASP.NET's ActionFlags 1)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record SessionSummary(
        String store,
        String id,
        long sizeBytes,
        int timeoutMinutes,
        String expiresAt,
        @JsonIgnore long expiresAtMillis,
        boolean locked,
        Long lockAgeMillis,
        int lockCookie,
        boolean uninitialized) {

    static SessionSummary of(String store, String id, SessionValue<?> session, long nowMillis) {
        long expires = session.expiresAtMillis();
        return new SessionSummary(
                store,
                id,
                session.sizeInBytes(),
                session.timeoutMinutes(),
                expires == StoredValue.NEVER
                        ? null
                        : Instant.ofEpochMilli(expires).toString(),
                expires,
                session.locked(),
                session.locked() ? Math.max(0, nowMillis - session.lockedAtMillis()) : null,
                session.lockCookie(),
                session.uninitialized());
    }
}
