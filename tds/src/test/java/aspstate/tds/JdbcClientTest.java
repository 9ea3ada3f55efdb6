package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.tds.login.LoginRequest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The real mssql-jdbc driver against the server: login, validation, the statements it sends, errors. */
@Timeout(60)
class JdbcClientTest {
    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void connectsAndIsValid() throws SQLException {
        try (Connection connection = server.connect()) {
            assertThat(connection.isValid(5)).isTrue();
            assertThat(connection.getCatalog()).isEqualTo("master");
        }
    }

    @Test
    void selectOneReturnsOne() throws SQLException {
        try (Connection connection = server.connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT 1")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getInt(1)).isEqualTo(1);
            assertThat(rows.getMetaData().getColumnCount()).isEqualTo(1);
            assertThat(rows.next()).isFalse();
        }
    }

    @Test
    void unknownStatementFailsAsSyntaxErrorAndTheConnectionStaysUsable() throws SQLException {
        try (Connection connection = server.connect();
                Statement statement = connection.createStatement()) {
            assertThatThrownBy(() -> statement.executeQuery("SELECT name FROM sys.tables"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Incorrect syntax near 'tables'")
                    .satisfies(
                            e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(102));
            assertThat(connection.isValid(5)).isTrue();
            try (ResultSet rows = statement.executeQuery("select   1 ")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getInt(1)).isEqualTo(1);
            }
        }
    }

    @Test
    void setOptionsAndUseRunWithoutResults() throws SQLException {
        try (Connection connection = server.connect();
                Statement statement = connection.createStatement()) {
            assertThat(statement.execute("set ansi_nulls on\nset textsize 2147483647\nSET XACT_ABORT OFF"))
                    .isFalse();
            assertThat(statement.execute("USE [ASPState]")).isFalse();
            assertThat(connection.getCatalog()).isEqualTo("ASPState");
            assertThat(connection.isValid(5)).isTrue();
        }
    }

    @Test
    void driverDefaultOfEncryptionFailsWithAClearErrorInsteadOfHanging() {
        // mssql-jdbc encrypts by default; this listener has no TLS configured.
        String url = "jdbc:sqlserver://127.0.0.1:" + server.address().getPort() + ";user=sa;password=x;loginTimeout=10";
        assertThatThrownBy(() -> DriverManager.getConnection(url).close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("encrypt");
    }

    @Test
    void twoConnectionsAtOnce() throws SQLException {
        try (Connection first = server.connect();
                Connection second = server.connect()) {
            assertThat(first.isValid(5)).isTrue();
            assertThat(second.isValid(5)).isTrue();
            try (Statement a = first.createStatement();
                    Statement b = second.createStatement();
                    ResultSet fromFirst = a.executeQuery("SELECT 1");
                    ResultSet fromSecond = b.executeQuery("SELECT 1")) {
                assertThat(fromFirst.next()).isTrue();
                assertThat(fromSecond.next()).isTrue();
                assertThat(fromFirst.getInt(1) + fromSecond.getInt(1)).isEqualTo(2);
            }
        }
    }

    @Test
    void loginListenerSeesTheDriversCredentialsDecoded() throws Exception {
        try (Connection connection = server.connect()) {
            assertThat(connection.isValid(5)).isTrue();
            LoginRequest login = server.nextLogin();
            assertThat(login.userName()).isEqualTo("sa");
            assertThat(login.password()).isEqualTo("x");
            assertThat(login.tdsVersion()).isEqualTo(0x74000004);
            assertThat(login.toString()).doesNotContain("password=x");
        }
    }
}
