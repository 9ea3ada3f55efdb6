package aspstate.tds;

import static aspstate.tds.ClientMessages.LOGIN7;
import static aspstate.tds.ClientMessages.PRELOGIN;
import static aspstate.tds.ClientMessages.login7;
import static aspstate.tds.ClientMessages.prelogin;
import static aspstate.tds.ClientMessages.singlePacket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** mssql-jdbc against a server that lets in only user "app" with password "secret". */
@Timeout(60)
class LoginAuthenticationTest {
    private static final int ENCRYPT_OFF = 0x00;

    private final TestServer server = new TestServer((login, peer) -> CompletableFuture.completedFuture(
            login.userName().equals("app") && login.password().equals("secret")));

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theRightPasswordConnects() throws SQLException {
        try (Connection connection = connect("app", "secret")) {
            assertThat(connection.isValid(5)).isTrue();
        }
    }

    @Test
    void aWrongPasswordFailsWithLoginFailed18456() {
        assertThatThrownBy(() -> connect("app", "wrong").close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Login failed for user 'app'.")
                .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(18456));
    }

    @Test
    void anUnknownUserFailsTheSameWay() {
        assertThatThrownBy(() -> connect("nobody", "secret").close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Login failed for user 'nobody'.")
                .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(18456));
    }

    @Test
    void aFailedLoginIsAnsweredWithErrorThenDoneWithTheErrorBitThenClosed() {
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(singlePacket(PRELOGIN, prelogin(ENCRYPT_OFF)));
            connection.readMessage();
            connection.send(singlePacket(LOGIN7, login7("app", "wrong", "", 4096)));
            List<ReplyTokens.Token> tokens = ReplyTokens.read(connection.readMessage());
            assertThat(ReplyTokens.types(tokens)).containsExactly(0xAA, 0xFD);
            assertThat(tokens.get(0).number()).isEqualTo(18456);
            assertThat(tokens.get(1).status()).isEqualTo(0x0002);
            assertThat(connection.bytesUntilClosed()).isZero();
        }
    }

    private Connection connect(String user, String password) throws SQLException {
        return DriverManager.getConnection(
                "jdbc:sqlserver://127.0.0.1:" + server.address().getPort() + ";encrypt=false;user=" + user
                        + ";password=" + password + ";loginTimeout=10");
    }
}
