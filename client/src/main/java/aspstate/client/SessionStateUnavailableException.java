package aspstate.client;

/**
 * No server could be reached, or the connection was lost with the request in flight (then whether the request took
 * effect is unknown: a Set may or may not have been stored). Later requests go to the next server.
 */
public class SessionStateUnavailableException extends SessionStateException {
    private static final long serialVersionUID = 1L;

    public SessionStateUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
