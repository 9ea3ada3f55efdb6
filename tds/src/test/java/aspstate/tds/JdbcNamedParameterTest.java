package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.sqlstate.SqlSessionItem;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The ASPState procedures' parameters as mssql-jdbc looks them up: DatabaseMetaData.getProcedureColumns calls
 * sp_sproc_columns_100 through sp_executesql, and a CallableStatement that sets or registers a parameter by name
 * first runs the SQL batch {@code exec sp_sproc_columns @procedure_owner=dbo, @procedure_name=Proc , @ODBCVer=3,
 * @fUsePattern=0} and numbers the parameters by the rows' COLUMN_NAME.
 */
@Timeout(60)
class JdbcNamedParameterTest {
    private static final String APP_NAME = "/LM/W3SVC/1/ROOT/SessionStateSerialization";
    /** TempGetAppID's id for APP_NAME (docs/spec/sql-state-procedures.md). */
    private static final int APP_ID = -855047175;

    private static final String SESSION_ID = "abcdefghijklmnopqrstuvwxcd0903f9";

    private final AspStateServer aspState = new AspStateServer();

    @AfterEach
    void stop() {
        aspState.close();
    }

    /** One row of getProcedureColumns, as JDBC names and types its columns. */
    private record ProcedureColumn(
            String name, int columnType, int dataType, String typeName, int precision, int ordinal) {}

    private static List<ProcedureColumn> procedureColumns(Connection connection, String procedure, String column)
            throws SQLException {
        List<ProcedureColumn> columns = new ArrayList<>();
        try (ResultSet rows = connection.getMetaData().getProcedureColumns(null, "dbo", procedure, column)) {
            while (rows.next()) {
                assertThat(rows.getString("PROCEDURE_CAT")).isEqualTo(connection.getCatalog());
                assertThat(rows.getString("PROCEDURE_SCHEM")).isEqualTo("dbo");
                columns.add(new ProcedureColumn(
                        rows.getString("COLUMN_NAME"),
                        rows.getInt("COLUMN_TYPE"),
                        rows.getInt("DATA_TYPE"),
                        rows.getString("TYPE_NAME"),
                        rows.getInt("PRECISION"),
                        rows.getInt("ORDINAL_POSITION")));
            }
        }
        return columns;
    }

    @Test
    void getProcedureColumnsDescribesTheDeclaredParameters() throws SQLException {
        try (Connection connection = aspState.server.connect()) {
            assertThat(procedureColumns(connection, "TempGetStateItemExclusive3", null))
                    .containsExactly(
                            new ProcedureColumn(
                                    "@RETURN_VALUE",
                                    DatabaseMetaData.procedureColumnReturn,
                                    Types.INTEGER,
                                    "int",
                                    10,
                                    0),
                            new ProcedureColumn(
                                    "@id", DatabaseMetaData.procedureColumnIn, Types.NVARCHAR, "nvarchar", 88, 1),
                            new ProcedureColumn(
                                    "@itemShort",
                                    DatabaseMetaData.procedureColumnInOut,
                                    Types.VARBINARY,
                                    "varbinary",
                                    7000,
                                    2),
                            new ProcedureColumn(
                                    "@locked", DatabaseMetaData.procedureColumnInOut, Types.BIT, "bit", 1, 3),
                            new ProcedureColumn(
                                    "@lockAge", DatabaseMetaData.procedureColumnInOut, Types.INTEGER, "int", 10, 4),
                            new ProcedureColumn(
                                    "@lockCookie", DatabaseMetaData.procedureColumnInOut, Types.INTEGER, "int", 10, 5),
                            new ProcedureColumn(
                                    "@actionFlags",
                                    DatabaseMetaData.procedureColumnInOut,
                                    Types.INTEGER,
                                    "int",
                                    10,
                                    6));
        }
    }

    @Test
    void getProcedureColumnsTakesPatternsAndAnUnknownNameHasNoRows() throws SQLException {
        try (Connection connection = aspState.server.connect()) {
            assertThat(procedureColumns(connection, "TempGetAppI_", "@app%"))
                    .extracting(ProcedureColumn::name)
                    .containsExactly("@appName", "@appId");
            assertThat(procedureColumns(connection, "NoSuchProcedure", null)).isEmpty();
        }
    }

    @Test
    void tempGetAppIdWithParametersByName() throws SQLException {
        try (Connection connection = aspState.server.connect();
                CallableStatement call = connection.prepareCall("{call dbo.TempGetAppID(?, ?)}")) {
            call.setString("appName", APP_NAME);
            call.registerOutParameter("appId", Types.INTEGER);
            call.execute();
            assertThat(call.getInt("appId")).isEqualTo(APP_ID);
            assertThat(call.getInt(2)).isEqualTo(APP_ID);
        }
    }

    @Test
    void exclusiveGetWithEveryOutputByNameInAnyOrder() throws SQLException {
        byte[] item = {1, 2, 3};
        try (Connection connection = aspState.server.connect()) {
            try (CallableStatement insert = connection.prepareCall("{call TempInsertStateItemShort(?, ?, ?)}")) {
                insert.setInt("@timeout", 20);
                insert.setBytes("itemShort", item);
                insert.setString("ID", SESSION_ID);
                insert.execute();
            }
            try (CallableStatement get =
                    connection.prepareCall("{call dbo.TempGetStateItemExclusive3(?, ?, ?, ?, ?, ?)}")) {
                get.registerOutParameter("actionFlags", Types.INTEGER);
                get.registerOutParameter("lockCookie", Types.INTEGER);
                get.registerOutParameter("@lockAge", Types.INTEGER);
                get.registerOutParameter("locked", Types.BIT);
                get.registerOutParameter("itemShort", Types.VARBINARY);
                get.setString("id", SESSION_ID);
                assertThat(get.execute()).as("no SessionItemLong result set").isFalse();
                assertThat(get.getBytes("itemShort")).isEqualTo(item);
                assertThat(get.getBoolean("locked"))
                        .as("the state before the call")
                        .isFalse();
                assertThat(get.getInt("lockAge")).isZero();
                assertThat(get.getInt("lockCookie")).isEqualTo(SqlSessionItem.INITIAL_COOKIE + 1);
                assertThat(get.getInt("actionFlags")).isZero();
            }
        }
    }

    @Test
    void theReturnStatusSyntaxShiftsNamedParametersByOne() throws SQLException {
        try (Connection connection = aspState.server.connect();
                CallableStatement call = connection.prepareCall("{? = call ASPState.dbo.TempGetAppID(?, ?)}")) {
            call.registerOutParameter(1, Types.INTEGER);
            call.setString("appName", APP_NAME);
            call.registerOutParameter("appId", Types.INTEGER);
            call.execute();
            assertThat(call.getInt(1)).isZero();
            assertThat(call.getInt("appId")).isEqualTo(APP_ID);
            assertThat(call.getInt(3)).isEqualTo(APP_ID);
        }
    }
}
