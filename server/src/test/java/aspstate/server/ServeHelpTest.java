package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ByteSize;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;

class ServeHelpTest {

    /** Every setting option of serve, as help shows it, with the default help must show (in declared order). */
    static final String[][] OPTIONS_AND_DEFAULTS = {
        {"--bind=ADDRESS", "127.0.0.1"},
        {"--stateserver-port=PORT", "42424"},
        {"--tds-port=PORT", "1433"},
        {"--tds-bind=ADDRESS", "the --bind value"},
        {"--tds-user=NAME=HASH[,NAME=HASH...]", "none"},
        {"--tds-tls=self-signed|FILE.p12", "none"},
        {"--tds-tls-password=PASSWORD", "none"},
        {"--tds-failover-partner=HOST[,PORT]", "none"},
        {"--admin-port=PORT", "42425"},
        {"--admin-bind=ADDRESS", "127.0.0.1"},
        {"--admin-token=HASH", "none"},
        {"--admin-max-connections=N", "64"},
        {"--admin-max-connections-per-peer=N", "16"},
        {"--admin-queue=N", "16"},
        {"--admin-token-failures=N", "10"},
        {"--allow=CIDR[,CIDR...]", "127.0.0.0/8,::1"},
        {"--idle-timeout=DURATION", "30s"},
        {"--max-body=SIZE", "64MiB"},
        {"--max-memory=SIZE", "auto"},
        {"--data-dir=DIR", "none"},
        {"--fsync=always|everysec|off", "always"},
        {"--journal-rewrite-min-size=SIZE", "64MiB"},
        {"--journal-rewrite-growth=PERCENT", "100"},
        {"--cluster-members=HOST:PORT[,HOST:PORT...]", "none (a single node)"},
        {"--cluster-bind=ADDRESS", "the --bind value"},
        {"--cluster-port=PORT", "7800"},
        {"--cluster-name=NAME", "aspstate"},
        {"--owners=N", "2"},
        {"--cluster-secret=SECRET", "none"},
        {"--cluster-join-timeout=DURATION", "5m"},
        {"--cluster-max-connections=N", "128"},
        {"--cluster-max-connections-per-peer=N", "16"},
        {"--cluster-handshake-timeout=DURATION", "2s"},
        {"--max-connections=N", "4096"},
        {"--max-connections-per-peer=N", "1024"},
        {"--request-timeout=DURATION", "30s"},
        {"--max-unsent=SIZE", "1MiB"},
        {"--max-inbound=SIZE", "auto"},
        {"--min-request-rate=SIZE", "500"},
        {"--tds-login-timeout=DURATION", "15s"},
        {"--tds-login-queue=N", "32"},
        {"--tds-login-failures=N", "10"},
        {"--shutdown-timeout=DURATION", "30s"},
        {"--transport=auto|io_uring|epoll|nio", "auto"},
        {"--version-header=VERSION", "4.0.30319"},
        {"--log-level=LEVEL", "info"},
        {"--log-format=FORMAT", "text"},
        {"--config=FILE", "none"},
    };

    @Test
    void helpListsEveryOptionWithItsDefault() {
        CliRun run = CliRun.run("serve", "--help");

        assertThat(run.exitCode()).isZero();
        assertEveryOptionHasItsDefault(run.out());
    }

    @Test
    void theHelpCommandListsTheCommandsAndShowsOnesHelp() {
        CliRun overview = CliRun.run("help");
        assertThat(overview.exitCode()).isZero();
        assertThat(overview.out()).contains("serve", "hash-password", "cluster-stop", "help");

        CliRun serve = CliRun.run("help", "serve");
        assertThat(serve.exitCode()).isZero();
        assertEveryOptionHasItsDefault(serve.out());
    }

    @Test
    void helpSaysThatAllowReplacesTheDefaultList() {
        String help = CliRun.run("serve", "--help").out().replaceAll("\\s+", " ");

        assertThat(help).contains("REPLACE the default, so include 127.0.0.0/8");
    }

    /** The --config entry shows a line of a config file: that line, in a file, is accepted and means what it says. */
    @Test
    void theConfigFileLineTheHelpShowsWorksAsWritten(@TempDir Path dir) throws Exception {
        String help = CliRun.run("serve", "--help").out().replaceAll("\\s+", " ");
        Matcher example =
                Pattern.compile("without dashes, e\\.g\\. (\\S+?)=(\\S+?);").matcher(help);
        assertThat(example.find()).as(help).isTrue();
        Path config = Files.writeString(dir.resolve("aspstate.conf"), example.group(1) + "=" + example.group(2));

        ServeOptions options = CliRun.serve("--config", config.toString());

        assertThat(example.group(1)).isEqualTo("max-memory");
        assertThat(options.memoryStore().maxMemoryBytes()).isEqualTo(ByteSize.parse(example.group(2)));
    }

    /** The README lists every exit code of serve; --help lists the same. */
    @Test
    void helpListsTheExitCodesTheReadmeLists() throws Exception {
        String help = CliRun.run("serve", "--help").out().replaceAll("\\s+", " ");
        String readme = Files.readString(Path.of("..", "README.md")).replaceAll("\\s+", " ");

        assertThat(readme).contains("the data directory is in use or unusable, or the cluster cannot be joined");
        assertThat(help)
                .contains(
                        "Exit codes: 0 stopped by Ctrl-C or SIGTERM",
                        " 1 unexpected failure",
                        " 2 bad option or value, unreadable config file, a port cannot be listened on, the data directory "
                                + "is in use or unusable, or the cluster cannot be joined",
                        " 70 fatal error");
    }

    @Test
    void theTableAboveCoversEveryOption() {
        CommandSpec serve = Main.commandLine(options -> 0, 1, InputStream.nullInputStream())
                .getSubcommands()
                .get("serve")
                .getCommandSpec();
        Set<String> keys = new TreeSet<>(ServeOptionSources.keys(serve));
        keys.add(ServeCommand.CONFIG);

        assertThat(Arrays.stream(OPTIONS_AND_DEFAULTS).map(row -> row[0].replaceAll("^--|=.*$", "")))
                .containsExactlyInAnyOrderElementsOf(keys);
    }

    /**
     * Checks, for each option, that "Default: value" follows its entry in the option list, before the next entry.
     * The synopsis above the list names the options too, hence lastIndexOf. Whitespace is ignored because help
     * wraps long descriptions.
     */
    static void assertEveryOptionHasItsDefault(String help) {
        String compact = help.replaceAll("\\s+", "");
        for (int i = 0; i < OPTIONS_AND_DEFAULTS.length; i++) {
            String option = OPTIONS_AND_DEFAULTS[i][0];
            int start = compact.lastIndexOf(option);
            assertThat(start).as("help lists %s", option).isNotNegative();
            int end = i + 1 < OPTIONS_AND_DEFAULTS.length
                    ? compact.lastIndexOf(OPTIONS_AND_DEFAULTS[i + 1][0])
                    : compact.length();
            assertThat(end)
                    .as(
                            "%s is listed after %s",
                            OPTIONS_AND_DEFAULTS[i + 1 < OPTIONS_AND_DEFAULTS.length ? i + 1 : i][0], option)
                    .isGreaterThan(start);
            assertThat(compact.substring(start, end))
                    .as("description of %s", option)
                    .contains("Default:" + OPTIONS_AND_DEFAULTS[i][1].replaceAll("\\s+", ""));
        }
    }
}
