package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.tds.login.LoginRequest;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * jTDS 1.3.1, the other Java driver: TDS 7.1 without PRELOGIN, procedures called by RPC name with positional
 * parameters. Every connection first runs this batch, its lines separated by CR LF, and reads its result set, one
 * tinyint row (38 on SQL Server 2000 and later):
 * <pre>
 * SELECT @@MAX_PRECISION
 * SET TRANSACTION ISOLATION LEVEL READ COMMITTED
 * SET IMPLICIT_TRANSACTIONS OFF
 * SET QUOTED_IDENTIFIER ON
 * SET TEXTSIZE 2147483647
 * </pre>
 * The tests pass once the SQL batch responder answers it, in the tokens of the connection's TDS version.
 */
@Timeout(60)
class JtdsProcedureTest {
    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private Connection connect(String options) throws SQLException {
        return server.connectJtds(options);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ";tds=8.0"})
    void logsInSpeakingTds71(String options) throws SQLException, InterruptedException {
        try (Connection connection = connect(options)) {
            assertThat(connection.getCatalog()).isEqualTo("ASPState");
            assertThat(connection.getMetaData().getDatabaseProductName()).isEqualTo("Microsoft SQL Server");
        }
        LoginRequest login = server.nextLogin();
        assertThat(login.tdsVersion()).isEqualTo(0x71000001);
        assertThat(login.libraryName()).isEqualTo("jTDS");
    }

    @Test
    void callWithPositionalParametersAndOutputs() throws SQLException, InterruptedException {
        try (Connection connection = connect("")) {
            ProcedureCallChecks.echoOutputs(connection, server.procedures, 2);
        }
    }

    @Test
    void resultSetWithAnImageColumnThenOutputs() throws SQLException {
        try (Connection connection = connect("")) {
            ProcedureCallChecks.imageRowSetThenOutput(connection);
        }
    }

    @Test
    void duplicateKeyIsSqlState23000AndTheConnectionStaysUsable() throws SQLException {
        try (Connection connection = connect("")) {
            ProcedureCallChecks.duplicateKeyThenUsable(connection);
        }
    }

    /**
     * TDS 7.1 has no PLP, so the (max) types reach jTDS as SQL Server sends them down-level: image,
     * text and ntext, in COLMETADATA and ROW as in RETURNVALUE.
     */
    @Test
    void maxTypesInAResultSetArriveAsImageTextAndNtext() throws SQLException {
        try (Connection connection = connect("");
                java.sql.Statement statement = connection.createStatement()) {
            String large = "\u00e9".repeat(30_000);
            try (java.sql.ResultSet row = statement.executeQuery("DECLARE @b varbinary(max) = 0x0102\r\n"
                    + "DECLARE @n nvarchar(max) = N'" + large + "'\r\n"
                    + "DECLARE @v varchar(max) = 'abc'\r\n"
                    + "SELECT @b, @n, @v")) {
                assertThat(row.next()).isTrue();
                assertThat(row.getMetaData().getColumnTypeName(1)).isEqualTo("image");
                assertThat(row.getMetaData().getColumnTypeName(2)).isEqualTo("ntext");
                assertThat(row.getMetaData().getColumnTypeName(3)).isEqualTo("text");
                assertThat(row.getBytes(1)).containsExactly(1, 2);
                assertThat(row.getString(2)).isEqualTo(large);
                assertThat(row.getString(3)).isEqualTo("abc");
            }
        }
    }
}
