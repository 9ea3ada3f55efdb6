package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.core.testing.CapturedLog;
import aspstate.tds.TdsSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** --tds-user and hash-password, in process: option checks, and logins through mssql-jdbc. */
@Timeout(60)
class TdsUsersTest {
    private static final String APP_HASH = PasswordHash.of("app-secret").encoded();
    private static final String OPS_HASH = PasswordHash.of("ops-secret").encoded();

    @TempDir
    Path dir;

    @Test
    void theRightPasswordConnectsAndAWrongOneOrAnUnknownUserFailsWith18456() throws SQLException {
        ServeOptions options = CliRun.serve(
                "--stateserver-port",
                "0",
                "--tds-port",
                "0",
                "--tds-user",
                "app=" + APP_HASH,
                "--tds-user",
                "ops=" + OPS_HASH);
        try (RunningServer server = RunningServer.start(options)) {
            int port = server.tdsAddress().orElseThrow().getPort();
            try (Connection connection = AspStateJdbc.connect(port, "app", "app-secret")) {
                assertThat(AspStateJdbc.tempGetVersion(connection)).startsWith("2");
            }
            try (Connection connection = AspStateJdbc.connect(port, "OPS", "ops-secret")) {
                assertThat(connection.isValid(5))
                        .as("login names ignore case, as in SQL Server")
                        .isTrue();
            }
            assertLoginFails(port, "app", "ops-secret");
            assertLoginFails(port, "app", "");
            assertLoginFails(port, "nobody", "app-secret");
        }
    }

    /**
     * The failed-login line must not print the raw user name, or CR LF in it forges a log line (LogTextTest
     * covers the length bound, beyond the 128 characters mssql-jdbc sends).
     */
    @Test
    void aFailedLoginIsLoggedOnOneBoundedLineWhateverTheUserNameHolds() throws SQLException {
        ServeOptions options =
                CliRun.serve("--stateserver-port", "0", "--tds-port", "0", "--tds-user", "app=" + APP_HASH);
        String forged = "app\r\n00:00:00.000 ERROR forged line" + "x".repeat(80); // mssql-jdbc sends at most 128
        try (CapturedLog log = new CapturedLog(SqlLogins.class, ch.qos.logback.classic.Level.INFO);
                RunningServer server = RunningServer.start(options)) {
            Properties login = new Properties();
            login.setProperty("user", forged);
            login.setProperty("password", "wrong");
            login.setProperty("encrypt", "false");
            login.setProperty("loginTimeout", "10");
            String url = "jdbc:sqlserver://127.0.0.1:"
                    + server.tdsAddress().orElseThrow().getPort();
            assertThatThrownBy(() -> DriverManager.getConnection(url, login).close())
                    .isInstanceOf(SQLException.class);
            assertThat(log.events())
                    .extracting(ch.qos.logback.classic.spi.ILoggingEvent::getFormattedMessage)
                    .anySatisfy(line -> assertThat(line)
                            .contains("TDS login(s) failed")
                            .contains("app\\r\\n00:00:00.000 ERROR forged line")
                            .doesNotContain("\r", "\n")
                            .hasSizeLessThan(400));
        }
    }

    @Test
    void withUsersTheTdsListenerMayListenOnAllAddresses() throws SQLException {
        ServeOptions options = CliRun.serve(
                "--stateserver-port", "0", "--tds-port", "0", "--tds-bind", "0.0.0.0", "--tds-user", "app=" + APP_HASH);
        assertThat(options.tds()).map(TdsSettings::bindAddress).contains(anyLocal());
        try (RunningServer server = RunningServer.start(options);
                Connection connection =
                        AspStateJdbc.connect(server.tdsAddress().orElseThrow().getPort(), "app", "app-secret")) {
            assertThat(connection.isValid(5)).isTrue();
        }
    }

    @Test
    void usersComeFromTheConfigFileAsCommaSeparatedEntries() throws IOException, SQLException {
        Path file = dir.resolve("aspstate.properties");
        Files.write(file, List.of("tds-user=app=" + APP_HASH + ",ops=" + OPS_HASH), StandardCharsets.UTF_8);
        ServeOptions options = CliRun.serve("--config", file.toString(), "--stateserver-port", "0", "--tds-port", "0");
        try (RunningServer server = RunningServer.start(options)) {
            int port = server.tdsAddress().orElseThrow().getPort();
            try (Connection connection = AspStateJdbc.connect(port, "ops", "ops-secret")) {
                assertThat(connection.isValid(5)).isTrue();
            }
            assertLoginFails(port, "ops", "app-secret");
        }
    }

    @Test
    void aBadHashIsOneLineNamingTheOptionAndTheUserButNotTheText() {
        CliRun run = CliRun.run("serve", "--tds-user", "app=hunter2");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.options()).isNull();
        assertThat(run.errLines())
                .containsExactly("aspstate: --tds-user: user 'app': not a password hash; expected "
                        + "pbkdf2-sha256$ITERATIONS$SALT$HASH, as printed by 'aspstate hash-password'");
    }

    @Test
    void aBadHashInTheConfigFileNamesTheFile() throws IOException {
        Path file = dir.resolve("aspstate.properties");
        Files.write(file, List.of("tds-user=app=" + APP_HASH + ",ops=hunter2"), StandardCharsets.UTF_8);

        CliRun run = CliRun.run("serve", "--config", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("aspstate: tds-user in " + file + ": user 'ops': not a password hash")
                .doesNotContain("hunter2")
                .doesNotContain(APP_HASH);
    }

    @Test
    void anEntryWithoutNameOrTwiceTheSameUserIsRefused() {
        assertThat(CliRun.run("serve", "--tds-user", APP_HASH).errLines())
                .containsExactly("aspstate: --tds-user: expected NAME=HASH, with HASH from 'aspstate hash-password'");
        assertThat(CliRun.run("serve", "--tds-user", "app=" + APP_HASH, "--tds-user", "APP=" + OPS_HASH)
                        .errLines())
                .containsExactly("aspstate: --tds-user: user 'APP' is given more than once");
    }

    @Test
    void hashPasswordPrintsAHashOfTheFirstLineOfStdin() {
        CliRun run = CliRun.runWithStdin("s3cret pass\nignored\n", "hash-password");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out().lines()).singleElement().satisfies(line -> {
            assertThat(PasswordHash.parse(line).matches("s3cret pass")).isTrue();
            assertThat(line).doesNotContain("s3cret");
        });
    }

    @Test
    void hashPasswordWithoutAPasswordIsAUserError() {
        CliRun run = CliRun.runWithStdin("", "hash-password");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly(
                        "aspstate: hash-password: no password on stdin (type it and " + "press Enter, or pipe it in)");
        assertThat(run.out()).isEmpty();
    }

    private static void assertLoginFails(int port, String user, String password) {
        assertThatThrownBy(() -> AspStateJdbc.connect(port, user, password).close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Login failed for user '" + user + "'.")
                .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(18456));
    }

    private static InetAddress anyLocal() {
        try {
            return InetAddress.getByName("0.0.0.0");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
