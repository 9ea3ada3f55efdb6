package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The admin commands (stats, sessions, session, unlock, delete) against a real server's admin listener. */
@Timeout(60)
class AdminCommandsTest {
    private static final String KEY = "/LM/W3SVC/1/ROOT/shop(clisessionabcdefghijklmn)";

    @Test
    void anOperatorFindsReadsUnlocksAndDeletesAStuckSession() throws Exception {
        try (RunningServer server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0"));
             StateServerConnection client = StateServerConnection.connect(server.stateServerAddress())) {
            String admin = "http://127.0.0.1:" + server.adminAddress().orElseThrow().getPort();
            client.set(KEY, AdminApiTest.WORKED_EXAMPLE, 20, null).get(10, TimeUnit.SECONDS);
            int cookie = client.getExclusive(KEY).get(10, TimeUnit.SECONDS).lockCookie();

            CliRun stats = CliRun.run("stats", "--admin", admin);
            assertThat(stats.exitCode()).as(stats.err()).isZero();
            assertThat(stats.out()).contains(", ready, store memory").containsPattern("stateserver +1 +1 +0 +0 +1 ");

            CliRun locked = CliRun.run("sessions", "--locked", "--admin", admin);
            assertThat(locked.out()).containsPattern("stateserver +" + java.util.regex.Pattern.quote(KEY))
                    .contains("1 of 1 matching sessions");

            CliRun session = CliRun.run("session", KEY, "--admin", admin);
            assertThat(session.exitCode()).isZero();
            assertThat(session.out()).contains("stateserver " + KEY, "LOCKED for", "lock cookie " + cookie)
                    .containsPattern("user +String +7 B +alice");

            CliRun unlock = CliRun.run("unlock", KEY, "--admin", admin);
            assertThat(unlock.out().trim()).isEqualTo("unlocked stateserver " + KEY);
            assertThat(client.getExclusive(KEY).get(10, TimeUnit.SECONDS).isOk()).isTrue();

            CliRun delete = CliRun.run("delete", KEY, "--admin", admin);
            assertThat(delete.out().trim()).isEqualTo("deleted stateserver " + KEY);
            CliRun gone = CliRun.run("session", KEY, "--admin", admin);
            assertThat(gone.exitCode()).isEqualTo(1);
            assertThat(gone.err().trim()).isEqualTo("aspstate: no session " + KEY + " in stateserver, sqlstate, spstate");
        }
    }

    @Test
    void aTokenComesFromAFileAndAMissingOneIsSaidSo(@TempDir Path dir) throws Exception {
        Path tokenFile = Files.writeString(dir.resolve("token"), "cli-token\n");
        try (RunningServer server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "off",
                "--admin-token", PasswordHash.of("cli-token").encoded()))) {
            String admin = "http://127.0.0.1:" + server.adminAddress().orElseThrow().getPort();

            CliRun without = CliRun.run("stats", "--admin", admin);
            assertThat(without.exitCode()).isEqualTo(2);
            assertThat(without.err()).contains("wants the admin token: set ASPSTATE_ADMIN_TOKEN or give "
                    + "--admin-token-file");

            CliRun with = CliRun.run("stats", "--admin", admin, "--admin-token-file", tokenFile.toString());
            assertThat(with.exitCode()).as(with.err()).isZero();
        }
    }

    @Test
    void anUnreachableServerIsOneLine() throws Exception {
        int port = aspstate.core.testing.LoopbackPorts.free();
        CliRun run = CliRun.run("stats", "--admin", "http://127.0.0.1:" + port);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString()
                .startsWith("aspstate: cannot reach the admin listener at http://127.0.0.1:" + port + "/");
    }
}
