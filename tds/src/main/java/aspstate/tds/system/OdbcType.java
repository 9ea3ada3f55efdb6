package aspstate.tds.system;

import aspstate.tds.proc.DeclaredType;

/**
 * How SQL Server describes a declared type in a catalog procedure's rows, as ODBC's SQLProcedureColumns defines the
 * columns: the ODBC type code, the sizes, and SS_DATA_TYPE, the code extended stored procedures know the type by.
 * Sizes and codes that do not apply to a type are null.
 */
record OdbcType(
        int dataType,
        String typeName,
        Integer precision,
        Integer length,
        Integer scale,
        Integer radix,
        int sqlDataType,
        Integer datetimeSubcode,
        Integer octetLength,
        int ssDataType) {
    private static final int SQL_CHAR = 1;
    private static final int SQL_INTEGER = 4;
    private static final int SQL_DATETIME = 9;
    /** ODBC 2 has one timestamp code; ODBC 3 renamed it SQL_TYPE_TIMESTAMP with another number. */
    private static final int SQL_TIMESTAMP_ODBC2 = 11;

    private static final int SQL_TYPE_TIMESTAMP = 93;
    private static final int SQL_CODE_TIMESTAMP = 3;
    private static final int SQL_VARCHAR = 12;
    private static final int SQL_WVARCHAR = -9;
    private static final int SQL_BIT = -7;
    private static final int SQL_VARBINARY = -3;
    private static final int SQL_LONGVARBINARY = -4;
    private static final int SS_IMAGE = 34;
    private static final int SS_VARBINARY = 37;
    private static final int SS_INTN = 38;
    private static final int SS_VARCHAR = 39;
    private static final int SS_CHAR = 47;
    private static final int SS_BIT = 50;
    private static final int SS_INT4 = 56;
    private static final int SS_DATETIMN = 111;
    /** The size SQL Server reports for image and for (max) types to clients that predate them: 2^31 - 1. */
    private static final int LONG_SIZE = Integer.MAX_VALUE;
    /** datetime: 23 characters as text ("yyyy-mm-dd hh:mm:ss.fff"), 16 bytes as SQL_TIMESTAMP_STRUCT. */
    private static final int DATETIME_PRECISION = 23;

    private static final int DATETIME_LENGTH = 16;
    private static final int DATETIME_SCALE = 3;
    private static final int INT_PRECISION = 10;
    private static final int INT_LENGTH = 4;
    private static final int DECIMAL_RADIX = 10;

    /** A procedure's return status: int NOT NULL, which the server knows as INT4 rather than the nullable INTN. */
    static final OdbcType RETURN_STATUS = new OdbcType(
            SQL_INTEGER, "int", INT_PRECISION, INT_LENGTH, 0, DECIMAL_RADIX, SQL_INTEGER, null, null, SS_INT4);

    /**
     * @param odbcVersion        the caller's @ODBCVer, 2 or 3
     * @param maxLengthIsUnknown whether a (max) type is reported as its plain type with size 0, as the _100
     *                           procedures do for clients that know (max) types; else as the legacy long type
     */
    static OdbcType of(DeclaredType type, int odbcVersion, boolean maxLengthIsUnknown) {
        String name = type.typeName();
        int n = type.length();
        return switch (type.family()) {
            case INT ->
                new OdbcType(
                        SQL_INTEGER,
                        name,
                        INT_PRECISION,
                        INT_LENGTH,
                        0,
                        DECIMAL_RADIX,
                        SQL_INTEGER,
                        null,
                        null,
                        SS_INTN);
            case BIT -> new OdbcType(SQL_BIT, name, 1, 1, null, null, SQL_BIT, null, null, SS_BIT);
            case DATETIME ->
                new OdbcType(
                        odbcVersion >= 3 ? SQL_TYPE_TIMESTAMP : SQL_TIMESTAMP_ODBC2,
                        name,
                        DATETIME_PRECISION,
                        DATETIME_LENGTH,
                        DATETIME_SCALE,
                        null,
                        SQL_DATETIME,
                        SQL_CODE_TIMESTAMP,
                        null,
                        SS_DATETIMN);
            case CHAR -> text(SQL_CHAR, name, n, n, SS_CHAR);
            case VARCHAR -> text(SQL_VARCHAR, name, n, n, SS_VARCHAR);
            case NVARCHAR -> text(SQL_WVARCHAR, name, n, 2 * n, SS_VARCHAR);
            case VARBINARY -> {
                if (!type.isMax()) {
                    yield text(SQL_VARBINARY, name, n, n, SS_VARBINARY);
                }
                yield maxLengthIsUnknown
                        ? text(SQL_VARBINARY, name, 0, 0, SS_VARBINARY)
                        : text(SQL_LONGVARBINARY, name, LONG_SIZE, LONG_SIZE, SS_IMAGE);
            }
            case IMAGE -> text(SQL_LONGVARBINARY, name, LONG_SIZE, LONG_SIZE, SS_IMAGE);
        };
    }

    /** Character and binary types: no scale or radix, and their length in bytes is also CHAR_OCTET_LENGTH. */
    private static OdbcType text(int dataType, String name, int precision, int bytes, int ssDataType) {
        return new OdbcType(dataType, name, precision, bytes, null, null, dataType, null, bytes, ssDataType);
    }
}
