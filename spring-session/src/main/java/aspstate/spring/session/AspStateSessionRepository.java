package aspstate.spring.session;

import aspstate.client.SessionStateClient;
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
 */
public final class AspStateSessionRepository implements SessionRepository<AspStateSession> {
    /** The sessions the current request has locked and not yet committed, for {@link SessionLockReleaseFilter}. */
    private static final ThreadLocal<List<AspStateSession>> HELD = new ThreadLocal<>();

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
        forget(session);
        SessionStateClient.await(sessions.commit(session));
    }

    @Override
    public AspStateSession findById(String id) {
        AspStateSession session = SessionStateClient.await(sessions.open(id)).orElse(null);
        if (session != null) {
            List<AspStateSession> held = HELD.get();
            if (held != null) {
                held.add(session);
            }
        }
        return session;
    }

    @Override
    public void deleteById(String id) {
        List<AspStateSession> held = HELD.get();
        if (held != null) {
            for (AspStateSession session : held) {
                if (session.getId().equals(id)) {
                    session.shared().abandon();
                    save(session);
                    return;
                }
            }
        }
        SessionStateClient.await(sessions.delete(id));
    }

    /** Starts keeping the locks this thread's request takes. */
    static void beginRequest() {
        HELD.set(new ArrayList<>());
    }

    /** Gives back the locks of sessions the request read and did not commit. */
    void endRequest() {
        List<AspStateSession> held = HELD.get();
        HELD.remove();
        if (held == null) {
            return;
        }
        for (AspStateSession session : held) {
            SessionStateClient.await(sessions.release(session));
        }
    }

    private static void forget(AspStateSession session) {
        List<AspStateSession> held = HELD.get();
        if (held != null) {
            held.remove(session);
        }
    }
}
