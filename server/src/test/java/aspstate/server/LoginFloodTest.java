package aspstate.server;

import static aspstate.tds.ClientMessages.LOGIN7;
import static aspstate.tds.ClientMessages.PRELOGIN;
import static aspstate.tds.ClientMessages.concat;
import static aspstate.tds.ClientMessages.login7;
import static aspstate.tds.ClientMessages.prelogin;
import static aspstate.tds.ClientMessages.singlePacket;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.Connection;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A login flood over real sockets: 600 logins with a wrong password from one address, each connection closed as
 * soon as its LOGIN7 is sent, would queue 33 s of PBKDF2 work on the one checking thread after the client had gone,
 * and a real login from another address would take 31.6 s (SqlClient gives up at 15). The checks of one address are
 * bounded and a check whose connection is gone is skipped: a real login is answered within 2 s.
 */
@Timeout(120)
class LoginFloodTest {
    private static final String HASH = PasswordHash.of("app-secret").encoded();
    private static final int FLOOD = 600;

    @Test
    void aLoginFloodFromOneAddressDoesNotDelayARealLoginFromAnother() throws Exception {
        ServeOptions options = CliRun.serve("--stateserver-port", "0", "--tds-port", "0", "--tds-user", "app=" + HASH);
        try (RunningServer server = RunningServer.start(options)) {
            int port = server.tdsAddress().orElseThrow().getPort();
            // Once before the flood, so that what is measured below is the login, not loading the driver.
            try (Connection warm = AspStateJdbc.connect(port, "app", "app-secret")) {
                assertThat(warm.isValid(5)).isTrue();
            }
            byte[] wrongLogin = concat(
                    singlePacket(PRELOGIN, prelogin(0)),
                    singlePacket(LOGIN7, login7("app", "wrong", "ASPState", 4096)));
            InetAddress attacker = InetAddress.getByName("127.0.0.2");
            for (int i = 0; i < FLOOD; i++) {
                try (Socket socket = new Socket()) {
                    socket.bind(new InetSocketAddress(attacker, 0));
                    socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                    socket.getOutputStream().write(wrongLogin);
                } catch (IOException refusedOrReset) {
                    // the server may close a connection of the flood first: that is what it is for
                }
            }

            long start = System.nanoTime();
            try (Connection real = AspStateJdbc.connect(port, "app", "app-secret")) {
                Duration took = Duration.ofNanos(System.nanoTime() - start);
                assertThat(AspStateJdbc.tempGetVersion(real)).startsWith("2");
                assertThat(took).as("a real login right after the flood").isLessThan(Duration.ofSeconds(2));
            }
        }
    }
}
