package aspstate.bench;

/**
 * A backend's answer, reduced to what the page logic needs.
 *
 * @param status     outcome
 * @param lockCookie the lock id issued (OK on getExclusive) or held by another (LOCKED), else 0
 * @param data       the session data for a successful read, else null
 */
public record Reply(Status status, int lockCookie, byte[] data) {
    public enum Status {
        OK,
        NOT_FOUND,
        LOCKED,
        ERROR
    }

    public static final Reply OK = new Reply(Status.OK, 0, null);
    public static final Reply NOT_FOUND = new Reply(Status.NOT_FOUND, 0, null);
    public static final Reply ERROR = new Reply(Status.ERROR, 0, null);

    public boolean isOk() {
        return status == Status.OK;
    }
}
