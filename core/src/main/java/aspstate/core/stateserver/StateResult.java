package aspstate.core.stateserver;

/**
 * The answer to a StateServer request, in the shapes the protocol knows. The codec turns it into bytes; nothing
 * here knows about the wire.
 *
 * @param shape          which response this is
 * @param data           session data for {@link Shape#DATA} and {@link Shape#DATA_LOCKED}, else null
 * @param timeoutMinutes the entry's timeout, for the data shapes
 * @param lockCookie     the cookie just issued ({@link Shape#DATA_LOCKED}) or held ({@link Shape#LOCKED})
 * @param lockedAtMillis when the lock was taken, for {@link Shape#LOCKED}
 * @param lockAgeSeconds whole seconds the lock has been held, for {@link Shape#LOCKED}
 * @param actionFlags    the entry was uninitialized and this response is the one that says so
 */
public record StateResult(
        Shape shape,
        byte[] data,
        int timeoutMinutes,
        int lockCookie,
        long lockedAtMillis,
        long lockAgeSeconds,
        boolean actionFlags) {

    public enum Shape {
        /** 200 with no body (Set, Remove, ResetTimeout, Release). */
        OK(200),
        /** 200 with Timeout and data (Get). */
        DATA(200),
        /** 200 with LockCookie, Timeout and data (GetExclusive). */
        DATA_LOCKED(200),
        NOT_FOUND(404),
        /** 423 with LockDate, LockAge and LockCookie. */
        LOCKED(423),
        BAD_REQUEST(400);

        private final int status;

        Shape(int status) {
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    public static final StateResult OK = new StateResult(Shape.OK, null, 0, 0, 0, 0, false);
    public static final StateResult OK_WITH_ACTION_FLAGS = new StateResult(Shape.OK, null, 0, 0, 0, 0, true);
    public static final StateResult NOT_FOUND = new StateResult(Shape.NOT_FOUND, null, 0, 0, 0, 0, false);
    public static final StateResult BAD_REQUEST = new StateResult(Shape.BAD_REQUEST, null, 0, 0, 0, 0, false);

    static StateResult ok(boolean actionFlags) {
        return actionFlags ? OK_WITH_ACTION_FLAGS : OK;
    }

    static StateResult data(SessionEntry entry, boolean actionFlags) {
        return new StateResult(Shape.DATA, entry.data(), entry.timeoutMinutes(), 0, 0, 0, actionFlags);
    }

    static StateResult dataLocked(SessionEntry entry, boolean actionFlags) {
        return new StateResult(
                Shape.DATA_LOCKED, entry.data(), entry.timeoutMinutes(), entry.lockCookie(), 0, 0, actionFlags);
    }

    static StateResult locked(SessionEntry entry, long nowMillis, boolean actionFlags) {
        long age = Math.max(0, nowMillis - entry.lockedAtMillis()) / 1000;
        return new StateResult(Shape.LOCKED, null, 0, entry.lockCookie(), entry.lockedAtMillis(), age, actionFlags);
    }
}
