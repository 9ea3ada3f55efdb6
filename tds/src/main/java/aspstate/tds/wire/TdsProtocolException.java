package aspstate.tds.wire;

/** A client message that does not follow [MS-TDS]; the connection cannot go on and is closed. */
public final class TdsProtocolException extends RuntimeException {
    public TdsProtocolException(String message) {
        super(message);
    }
}
