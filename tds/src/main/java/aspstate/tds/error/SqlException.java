package aspstate.tds.error;

/**
 * Carries a {@link SqlError} from where a request turns out wrong (the T-SQL parser, a conversion, a procedure's
 * argument check, the binding of a call) to where its reply is written: the one exception of the SQL layer. It is
 * the client's error, not the server's, so it has no stack trace.
 */
public final class SqlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient SqlError error;

    /** A user error (class 16, state 1), as most of SQL Server's are. */
    public static SqlException userError(int number, String message) {
        return new SqlException(SqlErrors.userError(number, message));
    }

    /** T-SQL this server cannot run: error 102 with where the supported subset ended. */
    public static SqlException syntax(String near, int position, String expected) {
        return new SqlException(SqlErrors.syntax(near, position, expected));
    }

    public static SqlException of(SqlError error) {
        return new SqlException(error);
    }

    private SqlException(SqlError error) {
        super(error.message(), null, false, false);
        this.error = error;
    }

    public SqlError error() {
        return error;
    }

    public int number() {
        return error.number();
    }
}
