package aspstate.spring.session;

import aspstate.client.SessionIds;
import aspstate.client.SharedSession;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Set;
import org.springframework.session.Session;

/**
 * A Spring Session over an aspstate session: its attributes are the session's items (ASP.NET's types, see
 * {@link aspstate.client.SessionAttributes}), its max inactive interval the session's timeout in whole minutes.
 * ASP.NET's format keeps no creation or access times: they are those of this request's first use.
 */
public final class AspStateSession implements Session {
    private final SharedSession shared;
    private final Instant creationTime = Instant.now();
    private Instant lastAccessedTime = creationTime;
    /** The id the client asked for, while {@link #changeSessionId()} has given the session a new one. */
    private String id;

    AspStateSession(SharedSession shared) {
        this.shared = shared;
        this.id = shared.id();
    }

    SharedSession shared() {
        return shared;
    }

    /** Whether {@link #changeSessionId()} moved the session to a new id, to be stored there at commit. */
    boolean idChanged() {
        return !id.equals(shared.id());
    }

    @Override
    public String getId() {
        return id;
    }

    /** A new ASP.NET-style id (Spring Security does this at login); the session moves to it when committed. */
    @Override
    public String changeSessionId() {
        id = SessionIds.create();
        return id;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getAttribute(String attributeName) {
        return (T) shared.attributes().get(attributeName);
    }

    @Override
    public Set<String> getAttributeNames() {
        return new LinkedHashSet<>(shared.attributes().names());
    }

    @Override
    public void setAttribute(String attributeName, Object attributeValue) {
        shared.attributes().set(attributeName, attributeValue);
    }

    @Override
    public void removeAttribute(String attributeName) {
        shared.attributes().remove(attributeName);
    }

    @Override
    public Instant getCreationTime() {
        return creationTime;
    }

    @Override
    public void setLastAccessedTime(Instant lastAccessedTime) {
        this.lastAccessedTime = lastAccessedTime;
    }

    @Override
    public Instant getLastAccessedTime() {
        return lastAccessedTime;
    }

    /** Rounded up to whole minutes, ASP.NET's unit, and kept within its 1 minute to 1 year. */
    @Override
    public void setMaxInactiveInterval(Duration interval) {
        long minutes = Math.max(1, (interval.getSeconds() + 59) / 60);
        shared.setTimeoutMinutes((int) Math.min(525_600, minutes));
    }

    @Override
    public Duration getMaxInactiveInterval() {
        return Duration.ofMinutes(shared.timeoutMinutes());
    }

    /** The servers expire sessions; one that was read is not expired. */
    @Override
    public boolean isExpired() {
        return false;
    }
}
