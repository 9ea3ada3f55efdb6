package aspstate.client;

/**
 * No answer within the network timeout (ASP.NET's {@code stateNetworkTimeout}). The connection is closed, and
 * whether the request took effect is unknown; later requests go to the next server.
 */
public class SessionStateTimeoutException extends SessionStateException {
    private static final long serialVersionUID = 1L;

    public SessionStateTimeoutException(String message) {
        super(message);
    }
}
