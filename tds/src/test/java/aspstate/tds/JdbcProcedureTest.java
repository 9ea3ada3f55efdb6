package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.tds.proc.ProcedureCall;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDateTime;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Procedure calls through the real mssql-jdbc driver, as a Java application makes them: the driver sends
 * {@code EXEC dbo.Proc @P0, @P1 OUT, ...} through sp_executesql first, then sp_prepexec, then sp_execute with the
 * handle, and reads outputs by ordinal after the RETURNSTATUS.
 */
@Timeout(60)
class JdbcProcedureTest {
    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void sameCallableStatementThreeTimesThroughExecuteSqlPrepExecAndExecute() throws Exception {
        try (Connection connection = server.connect()) {
            ProcedureCallChecks.echoOutputs(connection, server.procedures, 3);
        }
    }

    @Test
    void returnStatusComesBackThroughTheReturnValueSyntax() throws SQLException {
        try (Connection connection = server.connect();
                CallableStatement call = connection.prepareCall("{? = call dbo.TestEcho(?, ?, ?, ?)}")) {
            for (int run = 0; run < 2; run++) {
                call.registerOutParameter(1, Types.INTEGER);
                call.setString(2, "s");
                call.setBytes(3, new byte[0]);
                call.setBoolean(4, true);
                call.registerOutParameter(4, Types.BIT);
                call.setInt(5, 41);
                call.registerOutParameter(5, Types.INTEGER);
                call.execute();
                assertThat(call.getInt(1)).isZero();
                assertThat(call.wasNull()).isFalse();
                assertThat(call.getBoolean(4)).isFalse();
                assertThat(call.getInt(5)).isEqualTo(42);
            }
        }
    }

    @Test
    void nullsGoInAndComeOut() throws Exception {
        try (Connection connection = server.connect();
                CallableStatement call = connection.prepareCall("{call dbo.TestEcho(?, ?, ?, ?)}")) {
            call.setNull(1, Types.NVARCHAR);
            call.setNull(2, Types.VARBINARY);
            call.registerOutParameter(3, Types.BIT);
            call.registerOutParameter(4, Types.INTEGER);
            call.execute();
            assertThat(call.getObject(3)).isNull();
            assertThat(call.getObject(4)).isNull();
            ProcedureCall received = server.procedures.nextCall();
            assertThat(received.has("@id")).isTrue();
            assertThat(received.value("@id", String.class)).isNull();
            assertThat(received.value("@data", byte[].class)).isNull();
        }
    }

    @Test
    void tenMegabyteVarbinaryMaxInAndOutAsPlp() throws SQLException {
        byte[] big = new byte[10 << 20];
        new Random(7).nextBytes(big);
        try (Connection connection = server.connect();
                CallableStatement call = connection.prepareCall("{call dbo.TestBlob(?, ?)}")) {
            call.setBytes(1, big);
            call.registerOutParameter(2, Types.LONGVARBINARY);
            call.execute();
            assertThat(call.getBytes(2)).isEqualTo(big);
        }
    }

    @Test
    void resultSetWithAnImageColumnThenOutputs() throws SQLException {
        try (Connection connection = server.connect()) {
            ProcedureCallChecks.imageRowSetThenOutput(connection);
        }
    }

    @Test
    void datetimeVarcharAndCharParameters() throws SQLException {
        LocalDateTime when = LocalDateTime.of(2026, 11, 21, 8, 30, 15, 123_000_000);
        try (Connection connection = server.connect();
                CallableStatement call = connection.prepareCall("{call dbo.TestTypes(?, ?, ?, ?)}")) {
            call.setTimestamp(1, Timestamp.valueOf(when));
            call.registerOutParameter(2, Types.TIMESTAMP);
            call.setString(3, "/LM/W3SVC/1/ROOT/app");
            call.registerOutParameter(4, Types.CHAR);
            call.execute();
            // datetime keeps 1/300 s: .123 rounds to .1233..., which reads back as 123 ms.
            assertThat(call.getTimestamp(2).toLocalDateTime()).isEqualTo(when.plusDays(1));
            assertThat(call.getString(4).strip()).isEqualTo("/LM/W3SVC/");
        }
    }

    @Test
    void duplicateKeyIsSqlState23000AndTheConnectionStaysUsable() throws SQLException {
        try (Connection connection = server.connect()) {
            ProcedureCallChecks.duplicateKeyThenUsable(connection);
            assertThat(connection.isValid(5)).isTrue();
        }
    }

    @Test
    void unknownProcedureIs2812AndTheConnectionStaysUsable() throws SQLException {
        try (Connection connection = server.connect();
                CallableStatement call = connection.prepareCall("{call dbo.Missing(?)}")) {
            call.setInt(1, 7);
            assertThatThrownBy(call::execute)
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Could not find stored procedure 'dbo.Missing'")
                    .satisfies(
                            e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(2812));
            assertThat(connection.isValid(5)).isTrue();
        }
    }

    @Test
    void statementOutsideTheSubsetIsASyntaxErrorWithItsPosition() throws SQLException {
        try (Connection connection = server.connect();
                PreparedStatement statement = connection.prepareStatement("EXEC dbo.TestInsert N'x' + ?")) {
            statement.setInt(1, 1);
            assertThatThrownBy(statement::execute)
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Incorrect syntax near")
                    .hasMessageContaining("at character 26")
                    .satisfies(
                            e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(102));
            assertThat(connection.isValid(5)).isTrue();
        }
    }

    @Test
    void unprepareInABatchIsAccepted() throws SQLException {
        try (Connection connection = server.connect();
                Statement statement = connection.createStatement()) {
            assertThat(statement.execute("EXEC sp_unprepare 1; exec sp_unprepare 2;"))
                    .isFalse();
        }
    }
}
