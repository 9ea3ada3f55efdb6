package aspstate.client;

/**
 * A request to the session-state servers failed. The subclasses say how: no server could be reached or a connection
 * was lost ({@link SessionStateUnavailableException}), no answer in time ({@link SessionStateTimeoutException}), an
 * answer the protocol does not allow ({@link SessionStateProtocolException}), a lock still held after the longest
 * wait ({@link SessionLockTimeoutException}).
 */
public class SessionStateException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SessionStateException(String message) {
        super(message);
    }

    public SessionStateException(String message, Throwable cause) {
        super(message, cause);
    }
}
