package aspstate.spring.session;

import aspstate.client.SessionStateClient;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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

    /**
     * Stores the session and gives its lock back; while the request's work goes on asynchronously (Spring Session
     * saves at the end of every dispatch), the session stays locked and is stored when the request ends, with what
     * that work changed.
     */
    @Override
    public void save(AspStateSession session) {
        RequestSessions request = REQUEST.get();
        if (request != null) {
            if (request.request.isAsyncStarted() && !request.committed.contains(session)) {
                request.storeWhenDone(session);
                return;
            }
            request.held.remove(session);
            request.saved.remove(session);
            request.committed.add(session);
        }
        SessionStateClient.await(sessions.commit(session));
    }

    @Override
    public AspStateSession findById(String id) {
        RequestSessions request = REQUEST.get();
        if (request != null) {
            Optional<AspStateSession> known = request.known(id);
            if (known.isPresent()) {
                return known.get();
            }
        }
        AspStateSession session = SessionStateClient.await(sessions.open(id)).orElse(null);
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
                    request.saved.remove(session);
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
            sessions = new RequestSessions(request);
            request.setAttribute(REQUEST_ATTRIBUTE, sessions);
        }
        REQUEST.set(sessions);
        return before;
    }

    /**
     * Ends the dispatch: the sessions it read and Spring Session did not save are given back, those saved while the
     * request was asynchronous are stored. A request still asynchronous keeps them until it completes.
     */
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
        if (request.request.isAsyncStarted()) {
            request.whenComplete(request.request.getAsyncContext(), () -> finish(request));
            return;
        }
        finish(request);
    }

    private void finish(RequestSessions request) {
        List<AspStateSession> held = new ArrayList<>(request.held);
        request.held.clear();
        for (AspStateSession session : held) {
            if (request.saved.remove(session)) {
                request.committed.add(session);
                SessionStateClient.await(sessions.commit(session));
            } else {
                SessionStateClient.await(sessions.release(session));
            }
        }
    }

    /** What one request did with its sessions. */
    static final class RequestSessions {
        final ServletRequest request;
        /** Locked and not yet committed: given back or stored when the request's dispatch ends. */
        final List<AspStateSession> held = new ArrayList<>();
        /** Held, and saved by Spring Session while the request was asynchronous: stored when the request ends. */
        final List<AspStateSession> saved = new ArrayList<>();
        /** Committed (written or unlocked): looked up again, they are not locked again. */
        final List<AspStateSession> committed = new ArrayList<>();

        private boolean finishing;

        RequestSessions(ServletRequest request) {
            this.request = request;
        }

        /** The session of that id this request holds or committed: looked up again, it is not locked again. */
        Optional<AspStateSession> known(String id) {
            for (List<AspStateSession> sessions : List.of(held, committed)) {
                for (AspStateSession session : sessions) {
                    if (session.getId().equals(id) || session.shared().id().equals(id)) {
                        return Optional.of(session);
                    }
                }
            }
            return Optional.empty();
        }

        void storeWhenDone(AspStateSession session) {
            if (!held.contains(session)) {
                held.add(session);
            }
            if (!saved.contains(session)) {
                saved.add(session);
            }
        }

        /**
         * Runs {@code finish} when the request's asynchronous work completes (after a last dispatch, or without one):
         * registered once, whatever number of asynchronous cycles the request goes through.
         */
        void whenComplete(AsyncContext async, Runnable finish) {
            if (finishing) {
                return;
            }
            finishing = true;
            async.addListener(new AsyncListener() {
                @Override
                public void onComplete(AsyncEvent event) {
                    finish.run();
                }

                @Override
                public void onTimeout(AsyncEvent event) {}

                @Override
                public void onError(AsyncEvent event) {}

                @Override
                public void onStartAsync(AsyncEvent event) {
                    // A new asynchronous cycle tells only the listeners that register with it.
                    event.getAsyncContext().addListener(this);
                }
            });
        }
    }
}
