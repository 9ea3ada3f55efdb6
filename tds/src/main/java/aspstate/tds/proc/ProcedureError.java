package aspstate.tds.proc;

/**
 * An error a procedure raises, as SQL Server would: clients act on the number (ASP.NET swallows 2627 on insert;
 * mssql-jdbc maps 2627 to SQLState 23000).
 *
 * @param severity the class; 11-16 are user errors that leave the connection usable
 */
public record ProcedureError(int number, int state, int severity, String message) {
    /** "Violation of PRIMARY KEY constraint": an insert of a key that exists. */
    public static final int DUPLICATE_KEY = 2627;
    /** "Procedure or function '%s' expects parameter '%s', which was not supplied." */
    public static final int MISSING_PARAMETER = 201;
    /** SQL Server raises 2627 with class 14. */
    private static final int DUPLICATE_KEY_SEVERITY = 14;

    /** The text of error {@link #MISSING_PARAMETER}. */
    public static String missingParameterMessage(String procedure, String parameter) {
        return "Procedure or function '" + procedure + "' expects parameter '" + parameter
                + "', which was not supplied.";
    }

    public static ProcedureError duplicateKey(String constraint, String table, String key) {
        return new ProcedureError(DUPLICATE_KEY, 1, DUPLICATE_KEY_SEVERITY, "Violation of PRIMARY KEY constraint '"
                + constraint + "'. Cannot insert duplicate key in object '" + table + "'. The duplicate key value is ("
                + key + ").");
    }
}
