package aspstate.spring.session;

import aspstate.client.SessionStateClient;
import jakarta.servlet.ServletRequest;
import java.util.ArrayList;
import java.util.List;
import org.springframework.session.SessionRepository;

/**
 * Spring Session's repository on aspstate, with ASP.NET's exclusive session lock: {@link #findById} locks the
 * session (waiting while another request holds it, as ASP.NET's session-state module does) and {@link #save} writes
 * it back and unlocks it. A request therefore holds its session from its first access until Spring Session commits
 * it, and two concurrent requests of one session run one after the other: neither loses the other's update.
 *
 * <p>A lock taken by a request that never commits its session (it only asked whether the requested id is valid, or
 * failed) is given back at the end of the request by {@link SessionLockReleaseFilter}; without that filter, by the
 * next request after the execution timeout, as in ASP.NET.
 *
 * <p>Spring Session looks the requested session up once more after committing it, when the request ends (its
 * response is usually sent by then), and again in the request's error-page and asynchronous dispatches; within a
 * request, a session already committed is that lookup's answer, so it is not locked a second time: a second lock
 * would hold up the client's next request until the release.
 */
public final class AspStateSessionRepository implements SessionRepository<AspStateSession> {
    /** The sessions of the request this thread runs, from {@link #beginRequest} to {@link #endRequest}. */
    private static final ThreadLocal<RequestSessions> REQUEST = new ThreadLocal<>();
    /** The request attribute that keeps them for the request's later dispatches (error page, asynchronous). */
    private static final String REQUEST_ATTRIBUTE = RequestSessions.class.getName();

    private final AspStateSessions sessions;

    AspStateSessionRepository(AspStateSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public AspStateSession createSession() {
        return sessions.create();
    }

    @Override
    public void save(AspStateSession session) {
        RequestSessions request = REQUEST.get();
        if (request != null) {
            request.held.remove(session);
            request.committed.add(session);
        }
        SessionStateClient.await(sessions.commit(session));
    }

    @Override
    public AspStateSession findById(String id) {
        RequestSessions request = REQUEST.get();
        if (request != null) {
            for (AspStateSession committed : request.committed) {
                if (committed.getId().equals(id) || committed.shared().id().equals(id)) {
                    return committed;
                }
            }
        }
        AspStateSession session = SessionStateClient.await(sessions.open(id))
                .map(AspStateSession::new)
                .orElse(null);
        if (session != null && request != null) {
            request.held.add(session);
        }
        return session;
    }

    @Override
    public void deleteById(String id) {
        RequestSessions request = REQUEST.get();
        if (request != null) {
            request.committed.removeIf(committed -> committed.getId().equals(id));
            for (AspStateSession session : request.held) {
                if (session.getId().equals(id)) {
                    request.held.remove(session);
                    session.shared().abandon();
                    SessionStateClient.await(sessions.commit(session));
                    return;
                }
            }
        }
        SessionStateClient.await(sessions.delete(id));
    }

    /**
     * Starts keeping the locks this thread takes for {@code request} (one dispatch of it), with what its earlier
     * dispatches committed; returns what the thread kept before, for {@link #endRequest}.
     */
    static RequestSessions beginRequest(ServletRequest request) {
        RequestSessions before = REQUEST.get();
        RequestSessions sessions = (RequestSessions) request.getAttribute(REQUEST_ATTRIBUTE);
        if (sessions == null) {
            sessions = new RequestSessions();
            request.setAttribute(REQUEST_ATTRIBUTE, sessions);
        }
        REQUEST.set(sessions);
        return before;
    }

    /** Gives back the locks of sessions the dispatch read and did not commit. */
    void endRequest(RequestSessions before) {
        RequestSessions request = REQUEST.get();
        if (before == null) {
            REQUEST.remove();
        } else {
            REQUEST.set(before);
        }
        if (request == null) {
            return;
        }
        List<AspStateSession> held = new ArrayList<>(request.held);
        request.held.clear();
        for (AspStateSession session : held) {
            SessionStateClient.await(sessions.release(session));
        }
    }

    /** What one request did with its sessions. */
    static final class RequestSessions {
        /** Locked and not yet committed: {@link SessionLockReleaseFilter} gives their locks back. */
        final List<AspStateSession> held = new ArrayList<>();
        /** Committed (written or unlocked): looked up again, they are not locked again. */
        final List<AspStateSession> committed = new ArrayList<>();
    }
}
