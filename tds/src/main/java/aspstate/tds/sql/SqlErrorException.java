package aspstate.tds.sql;

/**
 * An error SQL Server raises for T-SQL that is well formed but cannot run as written (an undeclared variable, an
 * unknown data type, a value that does not convert), with SQL Server's number for it so clients react alike.
 */
public final class SqlErrorException extends RuntimeException {
    /** "Must declare the scalar variable "%s"." */
    public static final int UNDECLARED_VARIABLE = 137;
    /** "The variable name '%s' has already been declared." */
    public static final int DUPLICATE_VARIABLE = 134;
    /** "Cannot use the OUTPUT option when passing a constant to a stored procedure." */
    public static final int OUTPUT_OF_CONSTANT = 179;
    /** "Column, parameter, or variable #%d: Cannot find data type %s." */
    public static final int UNKNOWN_TYPE = 2715;
    /** "The size (%d) given to the type '%s' exceeds the maximum allowed for any data type (%d)." */
    public static final int SIZE_TOO_LARGE = 131;
    /** "Conversion failed when converting the %s value '%s' to data type %s." */
    public static final int CONVERSION_FAILED = 245;
    /** "Conversion failed when converting date and/or time from character string." */
    public static final int DATE_CONVERSION_FAILED = 241;
    /** "Implicit conversion from data type %s to %s is not allowed." */
    public static final int IMPLICIT_CONVERSION = 257;
    /** "Arithmetic overflow error converting expression to data type %s." */
    public static final int ARITHMETIC_OVERFLOW = 8115;

    private final int number;

    public SqlErrorException(int number, String message) {
        super(message);
        this.number = number;
    }

    public int number() {
        return number;
    }

    public static SqlErrorException undeclared(String variable) {
        return new SqlErrorException(UNDECLARED_VARIABLE, "Must declare the scalar variable \"" + variable + "\".");
    }
}
