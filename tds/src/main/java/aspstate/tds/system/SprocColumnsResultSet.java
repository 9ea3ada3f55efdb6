package aspstate.tds.system;

import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.token.Column;
import aspstate.tds.type.IntNType;
import aspstate.tds.type.NVarCharType;
import aspstate.tds.type.SingleByteCharType;
import java.util.Arrays;
import java.util.List;

/**
 * The result set of sp_sproc_columns: the nineteen columns of ODBC's SQLProcedureColumns under SQL Server's names,
 * then SS_DATA_TYPE, one row per parameter. Clients read it by position (mssql-jdbc takes COLUMN_NAME as column 4
 * and renames the rest), so the order is the contract.
 */
final class SprocColumnsResultSet {
    /** COLUMN_TYPE values: SQL_PARAM_INPUT, SQL_PARAM_INPUT_OUTPUT (T-SQL's OUTPUT is both), SQL_RETURN_VALUE. */
    static final int INPUT = 1;

    static final int INPUT_OUTPUT = 2;
    static final int RETURN_VALUE = 5;
    /** The name of the return status's row, which comes first, at ordinal 0. */
    static final String RETURN_VALUE_NAME = "@RETURN_VALUE";

    private static final NVarCharType SYSNAME = NVarCharType.ofCharacters(128);
    /** A procedure name with ";number", the group number T-SQL still allows (always 1 here). */
    private static final int PROCEDURE_NAME_LENGTH = 134;

    private static final int REMARKS_LENGTH = 254;
    private static final int COLUMN_DEF_LENGTH = 4000;

    static final List<Column<?>> COLUMNS = List.of(
            new Column<>("PROCEDURE_QUALIFIER", SYSNAME, true),
            new Column<>("PROCEDURE_OWNER", SYSNAME, true),
            new Column<>("PROCEDURE_NAME", NVarCharType.ofCharacters(PROCEDURE_NAME_LENGTH), true),
            new Column<>("COLUMN_NAME", SYSNAME, true),
            new Column<>("COLUMN_TYPE", IntNType.SMALLINT, true),
            new Column<>("DATA_TYPE", IntNType.SMALLINT, true),
            new Column<>("TYPE_NAME", SYSNAME, true),
            new Column<>("PRECISION", IntNType.INT, true),
            new Column<>("LENGTH", IntNType.INT, true),
            new Column<>("SCALE", IntNType.SMALLINT, true),
            new Column<>("RADIX", IntNType.SMALLINT, true),
            new Column<>("NULLABLE", IntNType.SMALLINT, true),
            new Column<>("REMARKS", SingleByteCharType.varchar(REMARKS_LENGTH), true),
            new Column<>("COLUMN_DEF", NVarCharType.ofCharacters(COLUMN_DEF_LENGTH), true),
            new Column<>("SQL_DATA_TYPE", IntNType.SMALLINT, true),
            new Column<>("SQL_DATETIME_SUB", IntNType.SMALLINT, true),
            new Column<>("CHAR_OCTET_LENGTH", IntNType.INT, true),
            new Column<>("ORDINAL_POSITION", IntNType.INT, true),
            new Column<>("IS_NULLABLE", SingleByteCharType.varchar(REMARKS_LENGTH), true),
            new Column<>("SS_DATA_TYPE", IntNType.TINYINT, true));

    private SprocColumnsResultSet() {}

    /**
     * One row. A parameter may always be NULL; a return status never is. There are no remarks and no defaults to
     * report: the served procedures declare none.
     *
     * @param ordinal 0 for the return status, else the parameter's position from 1
     */
    static List<Object> row(
            String qualifier,
            String procedure,
            String column,
            int columnType,
            OdbcType type,
            boolean nullable,
            int ordinal) {
        return Arrays.asList(
                qualifier,
                ProcedureCatalog.SCHEMA,
                procedure + ";1",
                column,
                columnType,
                type.dataType(),
                type.typeName(),
                type.precision(),
                type.length(),
                type.scale(),
                type.radix(),
                nullable ? 1 : 0,
                null,
                null,
                type.sqlDataType(),
                type.datetimeSubcode(),
                type.octetLength(),
                ordinal,
                nullable ? "YES" : "NO",
                type.ssDataType());
    }
}
