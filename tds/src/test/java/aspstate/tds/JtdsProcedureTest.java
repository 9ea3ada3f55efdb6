package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.tds.login.LoginRequest;
import java.sql.Connection;
import java.sql.DriverManager;
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

    /** @param options appended to the URL; tds=8.0 is jTDS's name for TDS 7.1, and its default for SQL Server */
    private Connection connect(String options) throws SQLException {
        return DriverManager.getConnection("jdbc:jtds:sqlserver://127.0.0.1:" + server.address().getPort()
                + "/ASPState;user=sa;password=x;loginTimeout=10" + options);
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
}
