package aspstate.client;

import aspstate.sessionformat.SessionStateData;

/**
 * A session one request works on: its items as Java attributes, and, for a session read from the servers, the
 * exclusive lock the request holds from the read until {@link SharedSessionStore#commit}. Not thread-safe: one
 * request works on it at a time.
 */
public final class SharedSession {
    private final String id;
    private final SessionStateData data;
    private final SessionAttributes attributes;
    /** The lock this request holds; 0 for a new session, which nobody else knows yet. */
    private final int lockCookie;

    private final boolean isNew;
    private final int timeoutAsRead;
    private boolean abandoned;
    private boolean finished;

    SharedSession(String id, SessionStateData data, int lockCookie, boolean isNew, ClassLoader classLoader) {
        this.id = id;
        this.data = data;
        this.attributes = new SessionAttributes(data.items(), classLoader);
        this.lockCookie = lockCookie;
        this.isNew = isNew;
        this.timeoutAsRead = data.timeoutMinutes();
    }

    /** Whether the session must be written back: new, an attribute changed, or its timeout. */
    boolean needsWriting() {
        return isNew || attributes.changed() || data.timeoutMinutes() != timeoutAsRead;
    }

    public String id() {
        return id;
    }

    public SessionAttributes attributes() {
        return attributes;
    }

    /** Whether the session was made by this request (or by ASP.NET's CreateUninitializedItem just before it). */
    public boolean isNew() {
        return isNew;
    }

    public int timeoutMinutes() {
        return data.timeoutMinutes();
    }

    public void setTimeoutMinutes(int minutes) {
        if (minutes < 1 || minutes > 525_600) {
            throw new IllegalArgumentException("a session timeout is 1 to 525600 minutes (a year), as ASP.NET's");
        }
        data.setTimeoutMinutes(minutes);
    }

    /** Marks the session for removal at commit (Session.Abandon). */
    public void abandon() {
        abandoned = true;
    }

    boolean abandoned() {
        return abandoned;
    }

    int lockCookie() {
        return lockCookie;
    }

    SessionStateData data() {
        return data;
    }

    /** Whether the session was committed or released already: its lock is no longer held. */
    public boolean finished() {
        return finished;
    }

    void finish() {
        finished = true;
    }
}
