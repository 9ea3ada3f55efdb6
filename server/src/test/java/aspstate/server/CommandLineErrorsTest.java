package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the user gets wrong: exit code 2 and one line on stderr that names the option, never a stack trace. */
class CommandLineErrorsTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--max-body         | abc          | not a byte size: 'abc'",
                "--max-body         | 0            | max-body must be 1..",
                "--max-body         | 3GiB         | max-body must be 1..",
                "--max-body         | 12 parsecs   | unknown unit in byte size '12 parsecs'",
                "--max-memory       | lots         | not a byte size: 'lots'",
                "--max-memory       | -1           | not a byte size: '-1'",
                "--stateserver-port | abc          | not a port number (0..65535; 0 picks a free port)",
                "--stateserver-port | 70000        | port must be 0..65535, got 70000",
                "--stateserver-port | -1           | port must be 0..65535, got -1",
                "--tds-port         | abc          | not a port number (0..65535; 0 picks a free port) or off",
                "--tds-port         | 70000        | port must be 0..65535, got 70000",
                "--tds-bind         | 0.0.0.0      | without --tds-user every SQL login is accepted",
                "--tds-bind         | 192.0.2.1    | without --tds-user every SQL login is accepted",
                "--allow            | 999.1.1.1/99 | not an IP address or CIDR range: '999.1.1.1/99'",
                "--allow            | 10.0.0.0/33  | prefix length in '10.0.0.0/33' must be 0..32",
                "--allow            | somehost     | not an IP address or CIDR range: 'somehost'",
                "--idle-timeout     | 5x           | not a duration: '5x'",
                "--idle-timeout     | -1s          | a duration must not be negative",
                "--version-header   | 1.1.4322     | version-header must be a version like 4.0.30319 with major >= 2",
                "--version-header   | four         | version-header must be a version like 4.0.30319",
                "--log-level        | loud         | not a log level: 'loud' (use error, warn, info, debug or trace)",
                "--fsync            | sometimes    | must be always, everysec or off",
                "--journal-rewrite-min-size | 1KiB | must be at least 1MiB",
                "--journal-rewrite-growth | 5     | must be a percentage from 10 to 10000",
                "--cluster-port     | 0            | port must be 1..65535, got 0",
                "--cluster-port     | abc          | not a port number",
                "--cluster-members  | node1        | 'node1' is not HOST:PORT (e.g. 10.0.1.5:7800, [fd00::5]:7800)",
                "--cluster-members  | ::1:7800     | '::1:7800': write an IPv6 address in brackets, e.g. [fd00::5]:7800",
                "--cluster-members  | 127.0.0.1:0  | '127.0.0.1:0': port must be 1..65535, got 0",
                "--cluster-name     | a/b          | a cluster name is letters, digits, '.', '_' and '-'",
                "--owners           | 0            | must be a whole number of at least 2",
                "--owners           | 1            | must be a whole number of at least 2 (for one copy, run a single node without --cluster-members)",
                "--cluster-bind     | nowhere.invalid | no such address or host name",
                "--cluster-join-timeout | 0        | must be more than 0 and at most 1d",
                // Durations and sizes beyond what the server can use: each overflowed, or never worked, after the
                // start.
                "--idle-timeout     | 110000d      | idle-timeout must be 0 (never) or at most 1d",
                "--request-timeout  | 110000d      | request-timeout must be more than 0 and at most 1d",
                "--request-timeout  | 0            | request-timeout must be more than 0 and at most 1d",
                "--tds-login-timeout | 110000d     | tds-login-timeout must be more than 0 and at most 1d",
                "--shutdown-timeout | 110000d      | must be more than 0 and at most 1h",
                "--cluster-join-timeout | 110000d  | must be more than 0 and at most 1d",
                "--cluster-handshake-timeout | 2m  | cluster-handshake-timeout must be 1ms..1m",
                "--cluster-handshake-timeout | 0   | cluster-handshake-timeout must be 1ms..1m",
                "--max-unsent       | 2GiB         | must be less than 2 GiB",
                "--max-unsent       | 1KiB         | max-unsent must be at least 4096 bytes, got 1024",
                "--min-request-rate | -5           | not a byte size: '-5'",
                "--admin-max-connections | 0       | must be at least 1",
                "--admin-queue      | 0            | must be at least 1",
                "--admin-token-failures | many     | not a whole number",
                "--cluster-max-connections | 0     | must be at least 1, got 0",
                "--cluster-max-connections-per-peer | x | not a whole number",
            })
    void aBadValueIsOneLineNamingTheOptionAndTheValue(String option, String value, String problem) {
        CliRun run = CliRun.run("serve", option, value);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.options()).as("nothing is started").isNull();
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("aspstate: " + option + " " + value + ": " + problem);
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aNonLoopbackAdminAddressWithoutATokenIsRefusedWithTheWayOut() {
        CliRun run = CliRun.run("serve", "--admin-bind", "0.0.0.0");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly("aspstate: --admin-bind 0.0.0.0: without --admin-token anyone "
                        + "reaching the admin listener could read, unlock and delete sessions, so it only listens on loopback "
                        + "(add --admin-token HASH from 'aspstate hash-password', use --admin-bind 127.0.0.1 or --admin-port "
                        + "off)");
    }

    @Test
    void anAdminTokenThatIsNotAHashIsRefusedWithoutEchoingIt() {
        CliRun run = CliRun.run("serve", "--admin-token", "plain-secret");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("aspstate: --admin-token").doesNotContain("plain-secret");
    }

    @Test
    void aNonLoopbackTdsAddressIsRefusedWithTheWayOut() {
        CliRun run = CliRun.run("serve", "--tds-bind", "0.0.0.0");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly(
                        "aspstate: --tds-bind 0.0.0.0: without --tds-user every SQL login is accepted, so the TDS listener only accepts loopback addresses (add --tds-user NAME=HASH, use --tds-bind 127.0.0.1 or --tds-port off)");
    }

    @Test
    void aNonLoopbackBindWithoutTdsBindNamesBind() {
        CliRun run = CliRun.run("serve", "--bind", "0.0.0.0");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly(
                        "aspstate: --bind 0.0.0.0: without --tds-user every SQL login is accepted, so the TDS listener only accepts loopback addresses (add --tds-user NAME=HASH, use --tds-bind 127.0.0.1 or --tds-port off)");
    }

    @Test
    void aClusterBeyondLoopbackWithoutASecretIsRefusedWithTheWayOut() {
        CliRun run = CliRun.run(
                "serve", "--tds-port", "off", "--bind", "0.0.0.0", "--cluster-members", "10.0.0.1:7800,10.0.0.2:7800");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly("aspstate: --bind 0.0.0.0: cluster traffic beyond this machine "
                        + "must be encrypted and authenticated: give every node the same --cluster-secret (at least 16 "
                        + "characters), or use --cluster-bind 127.0.0.1");
    }

    @Test
    void aShortClusterSecretIsRefusedWithoutShowingIt() {
        CliRun run = CliRun.run("serve", "--cluster-members", "127.0.0.1:7800", "--cluster-secret", "hunter2");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly("aspstate: --cluster-secret: a cluster secret needs at least 16 "
                        + "characters (e.g. 32 random ones from 'openssl rand -base64 24')");
    }

    /** Accepted and ignored, it would leave the listener running without the intended certificate. */
    @Test
    void aTlsPasswordWithoutAKeyStoreIsRefusedWithoutShowingIt() {
        for (String tls : new String[] {null, "self-signed"}) {
            CliRun run = tls == null
                    ? CliRun.run("serve", "--tds-tls-password", "s3cret")
                    : CliRun.run("serve", "--tds-tls", tls, "--tds-tls-password", "s3cret");

            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.errLines())
                    .containsExactly("aspstate: --tds-tls-password: given without a PKCS12 file "
                            + "in --tds-tls, so there is nothing for it to open");
        }
    }

    @Test
    void moreOwnersThanNodesAreRefused() {
        CliRun run = CliRun.run("serve", "--cluster-members", "127.0.0.1:7800,127.0.0.1:7801", "--owners", "3");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly("aspstate: --owners 3: more copies than the 2 nodes of "
                        + "--cluster-members (this one included) can keep");
    }

    @Test
    void clusterStopWithoutMembersSaysThereIsNoCluster() {
        CliRun run = CliRun.run("cluster-stop");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly("aspstate: no --cluster-members: there is no cluster to stop "
                        + "(stop a single server with SIGTERM)");
    }

    @Test
    void anEmptyValueIsShownQuoted() {
        CliRun run = CliRun.run("serve", "--bind", "");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly("aspstate: --bind '': an address is needed (e.g. 127.0.0.1, or 0.0.0.0 for all)");
    }

    @Test
    void anAllowListWithoutRangesIsRefused() {
        CliRun run = CliRun.run("serve", "--allow", ",");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly(
                        "aspstate: --allow ,: at least one range is needed (127.0.0.0/8 allows local clients)");
    }

    @Test
    void anUnknownOptionIsOneLineWithASuggestion() {
        CliRun run = CliRun.run("serve", "--max-bdy", "1MiB");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("aspstate: Unknown option")
                .contains("'--max-bdy'")
                .contains("did you mean --max-body")
                .endsWith("(see 'aspstate serve --help')");
    }

    @Test
    void aMissingValueIsOneLine() {
        CliRun run = CliRun.run("serve", "--stateserver-port");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .contains("Missing required parameter for option '--stateserver-port'");
    }

    @Test
    void aSingleValueOptionGivenTwiceIsOneLine() {
        CliRun run = CliRun.run("serve", "--bind", "127.0.0.1", "--bind", "0.0.0.0");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .contains("'--bind'")
                .contains("only once");
    }

    @Test
    void anArgumentServeDoesNotTakeIsOneLine() {
        CliRun run = CliRun.run("serve", "extra");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString().contains("'extra'");
    }

    @Test
    void anUnknownCommandIsOneLine() {
        CliRun run = CliRun.run("start");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("aspstate: ")
                .contains("'start'");
    }

    @Test
    void withoutACommandSaysOneIsNeeded() {
        CliRun run = CliRun.run();

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly("aspstate: a command is needed, e.g. 'aspstate serve' (see 'aspstate --help')");
    }
}
