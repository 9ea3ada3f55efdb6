package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.tds.proc.ProcedureCall;
import java.nio.charset.StandardCharsets;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/** Procedure calls every JDBC driver must get right against {@link TestProcedures}; each driver's test runs them. */
final class ProcedureCallChecks {
    private ProcedureCallChecks() {}

    /**
     * dbo.TestEcho {@code runs} times through one CallableStatement (a driver may send each run differently): the
     * outputs, and the arguments the procedure got.
     */
    static void echoOutputs(Connection connection, TestProcedures procedures, int runs)
            throws SQLException, InterruptedException {
        try (CallableStatement call = connection.prepareCall("{call dbo.TestEcho(?, ?, ?, ?)}")) {
            for (int run = 0; run < runs; run++) {
                call.setString(1, "session-" + run);
                call.setBytes(2, new byte[] {1, 2, (byte) run});
                call.setBoolean(3, run % 2 == 0);
                call.registerOutParameter(3, Types.BIT);
                call.setInt(4, 10 * run);
                call.registerOutParameter(4, Types.INTEGER);
                call.execute();
                assertThat(call.getBoolean(3)).as("run %d", run).isEqualTo(run % 2 != 0);
                assertThat(call.getInt(4)).as("run %d", run).isEqualTo(10 * run + 1);
                ProcedureCall received = procedures.nextCall();
                assertThat(received.value("@id", String.class)).isEqualTo("session-" + run);
                assertThat(received.value("@data", byte[].class)).containsExactly(1, 2, run);
            }
        }
    }

    /** dbo.TestGetLong: its image result set, then its output, as TempGetStateItem3 answers a long item. */
    static void imageRowSetThenOutput(Connection connection) throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo.TestGetLong(?, ?)}")) {
            call.setString(1, "long-item");
            call.registerOutParameter(2, Types.BIT);
            assertThat(call.execute()).isTrue();
            try (ResultSet rows = call.getResultSet()) {
                assertThat(rows.getMetaData().getColumnName(1)).isEqualTo("SessionItemLong");
                assertThat(rows.next()).isTrue();
                assertThat(new String(rows.getBytes(1), StandardCharsets.US_ASCII))
                        .isEqualTo("long-item");
                assertThat(rows.next()).isFalse();
            }
            assertThat(call.getMoreResults()).isFalse();
            assertThat(call.getBoolean(2)).isTrue();
        }
    }

    /** dbo.TestInsert of the same id twice: 2627 with SQLState 23000, and the statement then runs again. */
    static void duplicateKeyThenUsable(Connection connection) throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo.TestInsert(?)}")) {
            call.setString(1, "dup");
            call.execute();
            assertThatThrownBy(call::execute)
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Violation of PRIMARY KEY constraint")
                    .satisfies(e -> {
                        assertThat(((SQLException) e).getErrorCode()).isEqualTo(2627);
                        assertThat(((SQLException) e).getSQLState()).isEqualTo("23000");
                    });
            call.setString(1, "other");
            call.execute();
        }
    }
}
