package aspstate.tds.system;

import aspstate.tds.proc.ProcedureCall;

/**
 * The arguments of sp_sproc_columns. A null name, owner or column matches every one; a null qualifier means the
 * current database.
 *
 * @param odbcVersion the caller's ODBC version, 2 or 3; it changes the code datetime is reported with
 * @param usePattern  whether name, owner and column are LIKE patterns ({@code %}, {@code _}, {@code [...]}) rather
 *                    than names compared case-insensitively
 */
public record SprocColumnsQuery(
        String procedureName, String owner, String qualifier, String columnName, int odbcVersion, boolean usePattern) {
    /** sp_sproc_columns's own defaults: ODBC 2, patterns on. */
    private static final int DEFAULT_ODBC_VERSION = 2;

    /** An argument that does not convert to its parameter's type, as SQL Server's error 245 reports it. */
    static final class ConversionFailedException extends IllegalArgumentException {
        ConversionFailedException(Object value, String type) {
            super("Conversion failed when converting the value '" + value + "' to data type " + type + ".");
        }
    }

    /**
     * The arguments of a call, with the defaults for those not passed (or passed NULL). mssql-jdbc's
     * getProcedureColumns sends every argument as nvarchar, @ODBCVer included, which SQL Server converts.
     *
     * @throws ConversionFailedException when @ODBCVer is not a number or @fUsePattern not a bit
     */
    static SprocColumnsQuery of(ProcedureCall call) {
        Object odbcVersion = call.value("@ODBCVer", Object.class);
        Object usePattern = call.value("@fUsePattern", Object.class);
        return new SprocColumnsQuery(
                text(call, "@procedure_name"),
                text(call, "@procedure_owner"),
                text(call, "@procedure_qualifier"),
                text(call, "@column_name"),
                odbcVersion == null ? DEFAULT_ODBC_VERSION : integer(odbcVersion),
                usePattern == null || integer(usePattern) != 0);
    }

    boolean matchesProcedure(String name) {
        return matches(procedureName, name);
    }

    boolean matchesOwner(String name) {
        return matches(owner, name);
    }

    boolean matchesColumn(String name) {
        return matches(columnName, name);
    }

    private boolean matches(String wanted, String name) {
        if (wanted == null) {
            return true;
        }
        return usePattern ? LikePattern.matches(wanted, name) : wanted.equalsIgnoreCase(name);
    }

    /** A name argument; a number converts to its digits, as SQL Server converts it to nvarchar. */
    private static String text(ProcedureCall call, String parameter) {
        Object value = call.value(parameter, Object.class);
        if (value == null || value instanceof String || value instanceof Number) {
            return value == null ? null : value.toString();
        }
        throw new ConversionFailedException(value.getClass().getSimpleName(), "nvarchar");
    }

    /** An int or bit argument given as a number, a bit, or text of one ('3', 'true'). */
    private static int integer(Object value) {
        if (value instanceof Number number) {
            return number.intValue();
        }
        if (value instanceof Boolean bit) {
            return bit ? 1 : 0;
        }
        String text = value.toString().strip();
        if (text.equalsIgnoreCase("true")) {
            return 1;
        }
        if (text.equalsIgnoreCase("false")) {
            return 0;
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new ConversionFailedException(value, "int");
        }
    }
}
