package aspstate.tds.rpc;

import aspstate.tds.token.ErrorToken;

/**
 * A call that cannot start (unknown procedure or handle, wrong arguments, T-SQL outside the subset): answered as
 * SQL Server answers it, with an error of this number, and the connection goes on.
 */
public final class CallRejectedException extends RuntimeException {
    /** "Procedure or function %s has too many arguments specified." */
    public static final int TOO_MANY_ARGUMENTS = 8144;
    /** "%s is not a parameter for procedure %s." */
    static final int NOT_A_PARAMETER = 8145;
    /** "Could not find prepared statement with handle %d." */
    static final int NO_SUCH_HANDLE = 8179;

    private final int number;

    public CallRejectedException(int number, String message) {
        super(message);
        this.number = number;
    }

    public static CallRejectedException unknownProcedure(String name) {
        return new CallRejectedException(ErrorToken.NO_SUCH_PROCEDURE, "Could not find stored procedure '" + name
                + "'.");
    }

    public int number() {
        return number;
    }
}
