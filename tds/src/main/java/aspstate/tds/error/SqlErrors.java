package aspstate.tds.error;

/**
 * The catalog of the SQL Server errors this server raises: each number once, with SQL Server's class and state and
 * a text in SQL Server's words, so that clients react to them as to SQL Server's own.
 */
public final class SqlErrors {
    /** "Incorrect syntax near '%s'." */
    public static final int INCORRECT_SYNTAX = 102;
    /** "The size (%d) given to the type '%s' exceeds the maximum allowed for any data type (%d)." */
    public static final int SIZE_TOO_LARGE = 131;
    /** "The variable name '%s' has already been declared." */
    public static final int DUPLICATE_VARIABLE = 134;
    /** "Must declare the scalar variable "%s"." */
    public static final int UNDECLARED_VARIABLE = 137;
    /** "Cannot use the OUTPUT option when passing a constant to a stored procedure." */
    public static final int OUTPUT_OF_CONSTANT = 179;
    /** "Procedure or function '%s' expects parameter '%s', which was not supplied." */
    public static final int MISSING_PARAMETER = 201;
    /** "Operand type clash": a value the parameter's declared type cannot take. */
    public static final int TYPE_CLASH = 206;
    /** "Conversion failed when converting date and/or time from character string." */
    public static final int DATE_CONVERSION_FAILED = 241;
    /** "Conversion failed when converting the %s value '%s' to data type %s." */
    public static final int CONVERSION_FAILED = 245;
    /** "Implicit conversion from data type %s to %s is not allowed." */
    public static final int IMPLICIT_CONVERSION = 257;
    /** "Cannot insert the value NULL into column ...". */
    public static final int NULL_NOT_ALLOWED = 515;
    /** "Could not allocate space ... because the 'PRIMARY' filegroup is full": the store is full. */
    public static final int DATABASE_FULL = 1105;
    /** "Violation of PRIMARY KEY constraint": an insert of a key that exists. */
    public static final int DUPLICATE_KEY = 2627;
    /** "Column, parameter, or variable #%d: Cannot find data type %s." */
    public static final int UNKNOWN_TYPE = 2715;
    /** "Could not find stored procedure '%s'." */
    public static final int NO_SUCH_PROCEDURE = 2812;
    /** "Error converting data type %s to %s.": text that is not a number, for a numeric type. */
    public static final int CONVERSION_ERROR = 8114;
    /** "Arithmetic overflow error converting expression to data type %s." */
    public static final int ARITHMETIC_OVERFLOW = 8115;
    /** "Procedure or function %s has too many arguments specified." */
    public static final int TOO_MANY_ARGUMENTS = 8144;
    /** "%s is not a parameter for procedure %s." */
    public static final int NOT_A_PARAMETER = 8145;
    /** "String or binary data would be truncated." */
    public static final int TRUNCATED = 8152;
    /** "Could not find prepared statement with handle %d." */
    public static final int NO_SUCH_HANDLE = 8179;
    /** "Login failed for user '%s'.", for a wrong password and an unknown user alike. */
    public static final int LOGIN_FAILED = 18456;
    /** What RAISERROR raises without a number; the shipped procedures raise it too. */
    public static final int USER_DEFINED = 50_000;

    /** Class 16: a user error that ends the statement and leaves the connection usable. */
    public static final int USER_ERROR_SEVERITY = 16;
    /** SQL Server raises 2627 with class 14. */
    private static final int DUPLICATE_KEY_SEVERITY = 14;
    /** Class 17: insufficient resources (1105). */
    private static final int RESOURCES_SEVERITY = 17;

    private SqlErrors() {}

    /** A user error (class 16, state 1), as most of SQL Server's are. */
    public static SqlError userError(int number, String message) {
        return new SqlError(number, 1, USER_ERROR_SEVERITY, message);
    }

    /** T-SQL this server cannot run, with the 1-based character position where the supported subset ended. */
    public static SqlError syntax(String near, int position, String expected) {
        return userError(
                INCORRECT_SYNTAX,
                "Incorrect syntax near '" + near + "' at character " + position + ": expected " + expected + ".");
    }

    public static SqlError undeclared(String variable) {
        return userError(UNDECLARED_VARIABLE, "Must declare the scalar variable \"" + variable + "\".");
    }

    public static SqlError unknownProcedure(String name) {
        return userError(NO_SUCH_PROCEDURE, "Could not find stored procedure '" + name + "'.");
    }

    public static SqlError missingParameter(String procedure, String parameter) {
        return new SqlError(
                MISSING_PARAMETER,
                4,
                USER_ERROR_SEVERITY,
                "Procedure or function '" + procedure + "' expects parameter '" + parameter
                        + "', which was not supplied.");
    }

    public static SqlError typeClash(String message) {
        return new SqlError(TYPE_CLASH, 2, USER_ERROR_SEVERITY, message);
    }

    /**
     * A NULL for a NOT NULL column.
     *
     * @param qualifiedTable the table as SQL Server names it in the message, {@code database.schema.table}
     * @param operation      INSERT or UPDATE, as SQL Server names the statement that failed
     */
    public static SqlError nullNotAllowedIn(String column, String qualifiedTable, String operation) {
        return new SqlError(
                NULL_NOT_ALLOWED,
                2,
                USER_ERROR_SEVERITY,
                "Cannot insert the value NULL into column '"
                        + column + "', table '" + qualifiedTable + "'; column does not allow nulls. " + operation
                        + " fails.");
    }

    /** A value longer than the column of a table it would be stored in. */
    public static SqlError truncatedColumn(String table, String column, int length, int maxLength) {
        return new SqlError(
                TRUNCATED,
                14,
                USER_ERROR_SEVERITY,
                "String or binary data would be truncated in table '"
                        + table + "', column '" + column + "': the value has " + length + " characters, at most "
                        + maxLength
                        + " fit.");
    }

    public static SqlError truncated(String parameter, int length, int maxLength) {
        return new SqlError(
                TRUNCATED,
                14,
                USER_ERROR_SEVERITY,
                "String or binary data would be truncated: " + parameter + " has " + length + " bytes, at most "
                        + maxLength + " fit.");
    }

    public static SqlError duplicateKey(String constraint, String table, String key) {
        return new SqlError(
                DUPLICATE_KEY,
                1,
                DUPLICATE_KEY_SEVERITY,
                "Violation of PRIMARY KEY constraint '"
                        + constraint + "'. Cannot insert duplicate key in object '" + table
                        + "'. The duplicate key value is ("
                        + key + ").");
    }

    public static SqlError loginFailed(String userName) {
        return new SqlError(LOGIN_FAILED, 1, 14, "Login failed for user '" + userName + "'.");
    }

    public static SqlError databaseFull(String message) {
        return new SqlError(DATABASE_FULL, 1, RESOURCES_SEVERITY, message);
    }
}
