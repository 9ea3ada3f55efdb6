package aspstate.bench;

import java.util.Locale;

/**
 * What one simulated page does, as ASP.NET's client drives the state service (spec: "How the real client drives
 * it"). The OP_ kinds are single requests, used to calibrate the generator against a server's own benchmark tool.
 */
public enum PageKind {
    /** GetExclusive, then Set with the cookie (which releases the lock). */
    READ_WRITE("rw"),
    /** A plain Get. */
    READ_ONLY("ro"),
    /** GetExclusive -> 404 -> Set ExtraFlags:1 -> GetExclusive -> Set, on a fresh session id. */
    NEW_VISITOR("new"),
    /** ResetTimeout (a page of an application that uses no session data). */
    NO_SESSION("none"),
    OP_GET("op-get"),
    OP_GET_EXCLUSIVE("op-get-exclusive"),
    OP_SET("op-set"),
    OP_RESET_TIMEOUT("op-reset-timeout"),
    /** Set with LockCookie on an unlocked session: the write path of a read-write page, alone. */
    OP_SET_AND_RELEASE("op-set-and-release"),
    /** ReleaseExclusive on an unlocked session. */
    OP_RELEASE("op-release"),
    /** Insert-only Set of a new session (a fresh id every time): the create path of a new visitor. */
    OP_INSERT("op-insert");

    private final String code;

    PageKind(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    public static PageKind ofCode(String code) {
        String wanted = code.trim().toLowerCase(Locale.ROOT);
        for (PageKind kind : values()) {
            if (kind.code.equals(wanted)) {
                return kind;
            }
        }
        StringBuilder known = new StringBuilder();
        for (PageKind kind : values()) {
            known.append(known.length() == 0 ? "" : ", ").append(kind.code);
        }
        throw new IllegalArgumentException("unknown page kind '" + code + "' (known: " + known + ")");
    }
}
