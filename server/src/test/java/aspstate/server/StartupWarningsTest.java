package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Settings that are valid but expose the store or refuse every client are said at start. */
class StartupWarningsTest {
    private static final String HASH = PasswordHash.of("secret").encoded();

    @Test
    void theDefaultsWarnOfNothing() {
        assertThat(StartupWarnings.of(CliRun.serve(), CliRun.HEAP_MAX_BYTES)).isEmpty();
    }

    @Test
    void anAllowListOfEveryAddressIsAnExposedStore() {
        assertThat(StartupWarnings.of(
                        CliRun.serve("--bind", "0.0.0.0", "--tds-port", "off", "--allow", "0.0.0.0/0,127.0.0.0/8"),
                        CliRun.HEAP_MAX_BYTES))
                .containsExactly("--allow 0.0.0.0/0,127.0.0.0/8: any "
                        + "peer that reaches the port can read, change and delete every session; list the web servers' "
                        + "addresses or ranges instead");
    }

    @Test
    void aBindBeyondLoopbackWithTheLoopbackAllowListRefusesEveryone() {
        assertThat(StartupWarnings.of(CliRun.serve("--bind", "0.0.0.0", "--tds-port", "off"), CliRun.HEAP_MAX_BYTES))
                .containsExactly("--bind 0.0.0.0 listens beyond loopback but --allow "
                        + "127.0.0.0/8,::1 allows loopback peers only: every other peer will be refused; add the web "
                        + "servers' range to --allow");
    }

    @Test
    void loginsBeyondLoopbackWithoutTlsCrossTheNetworkReadable() {
        assertThat(StartupWarnings.of(
                        CliRun.serve("--tds-bind", "0.0.0.0", "--tds-user", "web=" + HASH), CliRun.HEAP_MAX_BYTES))
                .containsExactly("--tds-bind 0.0.0.0: SQL logins cross the network without "
                        + "TLS (TDS only scrambles the password: anyone on the path can read it); add --tds-tls");
        assertThat(StartupWarnings.of(
                        CliRun.serve("--tds-bind", "0.0.0.0", "--tds-user", "web=" + HASH, "--tds-tls", "self-signed"),
                        CliRun.HEAP_MAX_BYTES))
                .isEmpty();
    }
}
