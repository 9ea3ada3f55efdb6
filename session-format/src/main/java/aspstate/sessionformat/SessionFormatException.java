package aspstate.sessionformat;

/**
 * Bytes that are not ASP.NET session data, or a value ASP.NET's format cannot hold. The message says what is wrong
 * and at which byte (of the inflated data, when the blob is compressed).
 */
public class SessionFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SessionFormatException(String message) {
        super(message);
    }
}
