package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.core.testing.Await;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.util.Locale;
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
            String admin =
                    "http://127.0.0.1:" + server.adminAddress().orElseThrow().getPort();
            client.set(KEY, AdminApiTest.WORKED_EXAMPLE, 20, null).get(10, TimeUnit.SECONDS);
            int cookie = client.getExclusive(KEY).get(10, TimeUnit.SECONDS).lockCookie();

            CliRun stats = CliRun.run("stats", "--admin", admin);
            assertThat(stats.exitCode()).as(stats.err()).isZero();
            assertThat(stats.out())
                    .contains(": ready, up ", "store:       memory")
                    .containsPattern("stateserver +1 +1 +0 +0 +1 +[0-9.]+ s +\\d+ B\n");

            CliRun locked = CliRun.run("sessions", "--locked", "--admin", admin);
            assertThat(locked.out())
                    .containsPattern("stateserver +" + java.util.regex.Pattern.quote(KEY))
                    .contains("1 of 1 matching sessions");

            CliRun session = CliRun.run("session", KEY, "--admin", admin);
            assertThat(session.exitCode()).isZero();
            assertThat(session.out())
                    .contains("stateserver " + KEY, "LOCKED for", "lock cookie " + cookie)
                    .containsPattern("user +String +7 B +alice");

            CliRun unlock = CliRun.run("unlock", KEY, "--admin", admin);
            assertThat(unlock.out().trim()).isEqualTo("unlocked stateserver " + KEY);
            assertThat(client.getExclusive(KEY).get(10, TimeUnit.SECONDS).isOk())
                    .isTrue();

            CliRun delete = CliRun.run("delete", KEY, "--admin", admin);
            assertThat(delete.out().trim()).isEqualTo("deleted stateserver " + KEY);
            CliRun gone = CliRun.run("session", KEY, "--admin", admin);
            assertThat(gone.exitCode()).isEqualTo(1);
            assertThat(gone.err().trim())
                    .isEqualTo("aspstate: no session " + KEY + " in stateserver, sqlstate, spstate, corecache");
        }
    }

    /** ASPState compares ids without case: the operator names the session as the application did. */
    @Test
    void anOperatorFindsASessionStoredThroughTdsByTheIdItsApplicationUsed() throws Exception {
        String id = "MixedCaseSessionIdAbCdEf0123456789";
        try (RunningServer server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0"));
                Connection connection =
                        AspStateJdbc.connect(server.tdsAddress().orElseThrow().getPort());
                CallableStatement insert = connection.prepareCall("{call dbo.TempInsertStateItemShort(?, ?, ?)}")) {
            insert.setString(1, id);
            insert.setBytes(2, new byte[] {1, 2, 3});
            insert.setInt(3, 20);
            insert.execute();
            String admin =
                    "http://127.0.0.1:" + server.adminAddress().orElseThrow().getPort();

            CliRun session = CliRun.run("session", id, "--admin", admin);
            assertThat(session.exitCode()).as(session.err()).isZero();
            assertThat(session.out()).contains("sqlstate " + id);

            CliRun delete = CliRun.run("delete", id, "--admin", admin);
            assertThat(delete.out().trim()).isEqualTo("deleted sqlstate " + id);
            assertThat(CliRun.run("session", id.toLowerCase(Locale.ROOT), "--admin", admin)
                            .exitCode())
                    .isEqualTo(1);
        }
    }

    /** --store names a store of sessions as the API does, corecache among them; another is refused before asking. */
    @Test
    void storeTakesTheLabelOfAStoreOfSessions() throws Exception {
        CliRun refused = CliRun.run("session", "x", "--store", "sqlstate-appids", "--admin", "http://127.0.0.1:1/");
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err().trim())
                .isEqualTo("aspstate: --store sqlstate-appids: not a store of sessions: "
                        + "stateserver, sqlstate, spstate, corecache");
        assertThat(CliRun.run("sessions", "--help").out().replaceAll("\\s+", " "))
                .contains("stateserver, sqlstate, spstate, corecache. Default: every store, in this order");
        try (RunningServer server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0"));
                StateServerConnection client = StateServerConnection.connect(server.stateServerAddress())) {
            String admin =
                    "http://127.0.0.1:" + server.adminAddress().orElseThrow().getPort();
            client.set(KEY, AdminApiTest.WORKED_EXAMPLE, 20, null).get(10, TimeUnit.SECONDS);

            assertThat(CliRun.run("sessions", "--store", "corecache", "--admin", admin)
                            .out())
                    .contains("0 of 0 matching sessions");
            assertThat(CliRun.run("session", KEY, "--store", "stateserver", "--admin", admin)
                            .out())
                    .startsWith("stateserver " + KEY);
            CliRun elsewhere = CliRun.run("session", KEY, "--store", "spstate", "--admin", admin);
            assertThat(elsewhere.exitCode()).isEqualTo(1);
            assertThat(elsewhere.err().trim()).isEqualTo("aspstate: no session " + KEY + " in spstate");
        }
    }

    /** stats prints words and figures, never the API's JSON; a refused connection is counted with its reason. */
    @Test
    void statsAreForPeopleAndSayWhyConnectionsWereRefused() throws Exception {
        try (RunningServer server = RunningServer.start(
                CliRun.serve("--stateserver-port", "0", "--tds-port", "off", "--allow", "127.0.0.1/32"))) {
            String admin =
                    "http://127.0.0.1:" + server.adminAddress().orElseThrow().getPort();
            try (Socket refused = new Socket()) {
                refused.bind(new InetSocketAddress("127.0.0.2", 0));
                refused.connect(server.stateServerAddress(), 5_000);
                assertThat(refused.getInputStream().read())
                        .as("closed at once, nothing sent")
                        .isEqualTo(-1);
            }
            Await.until(
                    "the refusal counted",
                    () -> CliRun.run("stats", "--admin", admin, "--json")
                            .out()
                            .replaceAll("\\s+", "")
                            .contains("\"not_allowed\":1"));

            CliRun stats = CliRun.run("stats", "--admin", admin);

            assertThat(stats.exitCode()).as(stats.err()).isZero();
            assertThat(stats.out())
                    .doesNotContain("{", "}", "[", "]", "\"")
                    .containsPattern("stateserver +0 +1 not in --allow")
                    .containsPattern("memory: +\\S+ B of \\S+ (MiB|GiB) \\(\\S+%\\) held by sessions; heap ")
                    .contains("requests:    0 since start, none yet");
        }
    }

    /** Data in another format than ASP.NET's is said to be so, and its first bytes are shown, escaped by hex. */
    @Test
    void aValueNotInAspNetsFormatIsSaidSoAndShownAsBytes() throws Exception {
        byte[] data = new byte[300];
        byte[] text = "Hello, world\u001b[2J".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, data, 0, text.length);
        for (int i = text.length; i < data.length; i++) {
            data[i] = (byte) i;
        }
        try (RunningServer server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "off"));
                StateServerConnection client = StateServerConnection.connect(server.stateServerAddress())) {
            String admin =
                    "http://127.0.0.1:" + server.adminAddress().orElseThrow().getPort();
            client.set(KEY, data, 20, null).get(10, TimeUnit.SECONDS);

            CliRun session = CliRun.run("session", KEY, "--admin", admin);

            assertThat(session.exitCode()).as(session.err()).isZero();
            assertThat(session.out())
                    .contains(
                            "  size 300 B, timeout 20 min",
                            "  not in ASP.NET's session format: ",
                            "  its first 256 bytes of 300:",
                            "  00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 1b 5b 32 4a  |Hello, world.[2J|",
                            "  000000f0  f0 f1 f2 f3 f4 f5 f6 f7  f8 f9 fa fb fc fd fe ff  |................|")
                    .doesNotContain("\u001b", "NAME", "00000100");
            assertThat(CliRun.run("session", KEY, "--admin", admin, "--json").out())
                    .contains("\"head\"");
        }
    }

    @Test
    void aTokenComesFromAFileAndAMissingOneIsSaidSo(@TempDir Path dir) throws Exception {
        Path tokenFile = Files.writeString(dir.resolve("token"), "cli-token\n");
        try (RunningServer server = RunningServer.start(CliRun.serve(
                "--stateserver-port",
                "0",
                "--tds-port",
                "off",
                "--admin-token",
                PasswordHash.of("cli-token").encoded()))) {
            String admin =
                    "http://127.0.0.1:" + server.adminAddress().orElseThrow().getPort();

            CliRun without = CliRun.run("stats", "--admin", admin);
            assertThat(without.exitCode()).isEqualTo(2);
            assertThat(without.err())
                    .contains("wants the admin token: set ASPSTATE_ADMIN_TOKEN or give " + "--admin-token-file");

            CliRun with = CliRun.run("stats", "--admin", admin, "--admin-token-file", tokenFile.toString());
            assertThat(with.exitCode()).as(with.err()).isZero();
        }
    }

    @Test
    void anUnreachableServerIsOneLine() throws Exception {
        int port = aspstate.core.testing.LoopbackPorts.free();
        CliRun run = CliRun.run("stats", "--admin", "http://127.0.0.1:" + port);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("aspstate: cannot reach the admin listener at http://127.0.0.1:" + port + "/");
    }
}
