package aspstate.server;

/**
 * A problem the user caused and can fix (a bad option, a taken port). Its message is shown as is, on one line,
 * without a stack trace, and the process exits with {@link #EXIT_CODE}.
 */
final class UserError extends RuntimeException {
    static final int EXIT_CODE = 2;

    UserError(String message) {
        super(message, null, false, false);
    }
}
