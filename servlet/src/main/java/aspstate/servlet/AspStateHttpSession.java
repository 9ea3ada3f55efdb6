package aspstate.servlet;

import aspstate.client.SharedSession;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpSession;
import java.util.Collections;
import java.util.Enumeration;

/**
 * {@link HttpSession} over an aspstate session this request holds locked. ASP.NET's format keeps no creation or
 * access times: they are those of this request's first use.
 */
final class AspStateHttpSession implements HttpSession {
    private final SharedSession shared;
    private final ServletContext context;
    private final long creationTime = System.currentTimeMillis();
    private boolean invalid;

    AspStateHttpSession(SharedSession shared, ServletContext context) {
        this.shared = shared;
        this.context = context;
    }

    SharedSession shared() {
        return shared;
    }

    boolean isInvalid() {
        return invalid;
    }

    @Override
    public long getCreationTime() {
        requireValid();
        return creationTime;
    }

    @Override
    public String getId() {
        return shared.id();
    }

    @Override
    public long getLastAccessedTime() {
        requireValid();
        return creationTime;
    }

    @Override
    public ServletContext getServletContext() {
        return context;
    }

    /** In seconds, from the session's timeout in minutes; set, rounded up to whole minutes (ASP.NET's unit). */
    @Override
    public void setMaxInactiveInterval(int interval) {
        shared.setTimeoutMinutes(Math.max(1, Math.min(525_600, (interval + 59) / 60)));
    }

    @Override
    public int getMaxInactiveInterval() {
        return shared.timeoutMinutes() * 60;
    }

    @Override
    public Object getAttribute(String name) {
        requireValid();
        return shared.attributes().get(name);
    }

    @Override
    public Enumeration<String> getAttributeNames() {
        requireValid();
        return Collections.enumeration(shared.attributes().names());
    }

    @Override
    public void setAttribute(String name, Object value) {
        requireValid();
        shared.attributes().set(name, value);
    }

    @Override
    public void removeAttribute(String name) {
        requireValid();
        shared.attributes().remove(name);
    }

    /** Session.Abandon: the session is removed when the request ends. */
    @Override
    public void invalidate() {
        requireValid();
        invalid = true;
        shared.abandon();
    }

    @Override
    public boolean isNew() {
        requireValid();
        return shared.isNew();
    }

    private void requireValid() {
        if (invalid) {
            throw new IllegalStateException("the session was invalidated");
        }
    }
}
