package aspstate.client;

import java.time.Duration;

/** The session stayed locked by another request for longer than the caller would wait (ASP.NET: "Request timed out"). */
public class SessionLockTimeoutException extends SessionStateException {
    private static final long serialVersionUID = 1L;

    public SessionLockTimeoutException(String sessionId, Duration waited) {
        super("session " + sessionId + " is still locked by another request after waiting " + waited.toMillis()
                + " ms");
    }
}
