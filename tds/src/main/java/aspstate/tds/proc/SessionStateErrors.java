package aspstate.tds.proc;

import aspstate.tds.proc.ProcedureError;

/**
 * The SQL Server errors the ASPState procedures raise, with the numbers and texts clients act on. The SharePoint
 * procedures raise the same errors, hence public.
 */
public final class SessionStateErrors {
    /** The shipped table's primary key; SQL Server generates the suffix, so any stable one reads the same. */
    static final String SESSIONS_PRIMARY_KEY = "PK__ASPState__C9F4929071D2A2A5";
    public static final String SESSIONS_TABLE = "dbo.ASPStateTempSessions";
    /** "Operand type clash": a value the parameter's declared type cannot take. */
    private static final int TYPE_CLASH = 206;
    /** "Cannot insert the value NULL into column ...". */
    private static final int NULL_NOT_ALLOWED = 515;
    /** "String or binary data would be truncated." */
    private static final int TRUNCATED = 8152;
    /** Class 16: a user error that ends the statement and leaves the connection usable. */
    private static final int USER_ERROR = 16;

    private SessionStateErrors() {
    }

    static ProcedureError missingParameter(String procedure, String parameter) {
        return new ProcedureError(ProcedureError.MISSING_PARAMETER, 4, USER_ERROR,
                ProcedureError.missingParameterMessage(procedure, parameter));
    }

    static ProcedureError typeClash(String parameter, Object value, Class<?> expected) {
        return new ProcedureError(TYPE_CLASH, 2, USER_ERROR, "Operand type clash: " + parameter + " got "
                + value.getClass().getSimpleName() + ", expected " + expected.getSimpleName() + ".");
    }

    /** @param operation INSERT or UPDATE, as SQL Server names the statement that failed */
    static ProcedureError nullNotAllowed(String column, String table, String operation) {
        return new ProcedureError(NULL_NOT_ALLOWED, 2, USER_ERROR, "Cannot insert the value NULL into column '"
                + column + "', table 'ASPState." + table + "'; column does not allow nulls. " + operation
                + " fails.");
    }

    public static ProcedureError truncated(String parameter, int length, int maxLength) {
        return new ProcedureError(TRUNCATED, 14, USER_ERROR, "String or binary data would be truncated: " + parameter
                + " has " + length + " bytes, at most " + maxLength + " fit.");
    }

    /** ASP.NET swallows this one on insert: another web server created the session first. */
    public static ProcedureError duplicateSession(String id) {
        return ProcedureError.duplicateKey(SESSIONS_PRIMARY_KEY, SESSIONS_TABLE, id);
    }
}
