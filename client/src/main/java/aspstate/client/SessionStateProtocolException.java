package aspstate.client;

/**
 * The server answered, but not as the protocol allows: 400 Bad Request (a value it refused), a status no request of
 * this kind gets, a server older than ASP.NET 2.0's protocol, or bytes that are not a response.
 */
public class SessionStateProtocolException extends SessionStateException {
    private static final long serialVersionUID = 1L;

    public SessionStateProtocolException(String message) {
        super(message);
    }

    public SessionStateProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
