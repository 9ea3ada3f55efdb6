package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code serve --config FILE}: keys are option names without dashes; the command line wins. */
class ServeConfigFileTest {
    @TempDir
    Path dir;

    private Path config(String... lines) throws IOException {
        Path file = dir.resolve("aspstate.properties");
        Files.write(file, java.util.List.of(lines), StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void everyOptionCanBeSetInTheFile() throws IOException {
        Path file = config(
                "# aspstate settings",
                "bind=0.0.0.0",
                "stateserver-port=42425",
                "tds-port=1434",
                "tds-bind=127.0.0.2",
                "allow=10.0.0.0/8, 127.0.0.0/8",
                "idle-timeout=2m",
                "max-body=1MiB",
                "max-memory=256MiB",
                "version-header=4.0.99999",
                "log-level=debug");

        ServeOptions options = CliRun.serve("--config", file.toString());

        assertThat(options.stateServer().bindAddress().getHostAddress()).isEqualTo("0.0.0.0");
        assertThat(options.stateServer().port()).isEqualTo(42425);
        assertThat(options.tds()).hasValueSatisfying(tds -> {
            assertThat(tds.port()).isEqualTo(1434);
            assertThat(tds.bindAddress().getHostAddress()).isEqualTo("127.0.0.2");
        });
        assertThat(options.stateServer().allowedPeers())
                .map(Object::toString)
                .containsExactly("10.0.0.0/8", "127.0.0.0/8");
        assertThat(options.stateServer().idleTimeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(options.stateServer().maxBodyBytes()).isEqualTo(1L << 20);
        assertThat(options.memoryStore().maxMemoryBytes()).isEqualTo(256L << 20);
        assertThat(options.stateServer().aspNetVersion()).isEqualTo("4.0.99999");
        assertThat(options.logLevel()).isEqualTo(LogLevel.DEBUG);
    }

    @Test
    void optionsOnTheCommandLineOverrideTheFile() throws IOException {
        Path file = config("stateserver-port=42425", "max-body=1MiB", "allow=10.0.0.0/8");

        ServeOptions options =
                CliRun.serve("--stateserver-port", "0", "--config", file.toString(), "--allow", "127.0.0.0/8");

        assertThat(options.stateServer().port()).isZero();
        assertThat(options.stateServer().allowedPeers()).map(Object::toString).containsExactly("127.0.0.0/8");
        assertThat(options.stateServer().maxBodyBytes()).as("not overridden").isEqualTo(1L << 20);
    }

    @Test
    void optionsMissingFromTheFileKeepTheirDefaults() throws IOException {
        ServeOptions options = CliRun.serve("--config", config("max-body=1MiB").toString());

        assertThat(options.stateServer().port()).isEqualTo(42424);
        assertThat(options.stateServer().idleTimeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void anUnknownKeyIsAnErrorNamingTheKeyAndTheFile() throws IOException {
        Path file = config("stateserver-port=42425", "max_body=1MiB");

        CliRun run = CliRun.run("serve", "--config", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.options()).isNull();
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("aspstate: " + file + ": unknown key 'max_body' (known keys: admin-bind, "
                        + "admin-max-connections, admin-max-connections-per-peer, admin-port, admin-queue, admin-token, "
                        + "admin-token-failures, allow, bind, ")
                .contains("max-body");
    }

    /**
     * A repeated key keeps every value, as the command line keeps every --allow: keeping only the last one,
     * silently, would refuse a peer the operator listed first.
     */
    @Test
    void aRepeatedKeyOfARepeatableOptionKeepsEveryValue() throws IOException {
        Path file = config("allow=10.0.0.0/8", "allow=192.168.0.0/16,127.0.0.0/8");

        ServeOptions options = CliRun.serve("--config", file.toString());

        assertThat(options.stateServer().allowedPeers())
                .map(Object::toString)
                .containsExactly("10.0.0.0/8", "192.168.0.0/16", "127.0.0.0/8");
    }

    @Test
    void anyOtherKeyGivenTwiceIsAnErrorNamingIt() throws IOException {
        Path file = config("max-body=1MiB", "stateserver-port=42425", "max-body=2MiB");

        CliRun run = CliRun.run("serve", "--config", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly("aspstate: " + file + ": 'max-body' given more than once; it " + "takes one value");
    }

    @Test
    void theFileCannotNameAnotherConfigFile() throws IOException {
        Path file = config("config=other.properties");

        CliRun run = CliRun.run("serve", "--config", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString().contains("unknown key 'config'");
    }

    @Test
    void aMissingFileIsAnErrorNamingTheFile() {
        Path missing = dir.resolve("missing.properties");

        CliRun run = CliRun.run("serve", "--config", missing.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly(
                        "aspstate: --config " + missing + ": cannot read the file: " + "No such file or directory");
    }

    @Test
    void aDirectoryIsAnErrorNamingIt() {
        CliRun run = CliRun.run("serve", "--config", dir.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("aspstate: --config " + dir + ": cannot read the file");
    }

    @Test
    void aBadValueInTheFileNamesTheKeyTheValueAndTheFile() throws IOException {
        Path file = config("max-body=abc");

        CliRun run = CliRun.run("serve", "--config", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines())
                .containsExactly("aspstate: max-body=abc in " + file
                        + ": not a byte size: 'abc' (examples: 1048576, 64KiB, 64MiB, 2GiB)");
    }

    @Test
    void aBadValueInTheFileDoesNotMatterWhenTheCommandLineOverridesIt() throws IOException {
        Path file = config("max-body=abc");

        assertThat(CliRun.serve("--config", file.toString(), "--max-body", "1KiB")
                        .stateServer()
                        .maxBodyBytes())
                .isEqualTo(1024);
    }

    /** SIGHUP's reload: the file read again through the same converters, the command line kept as it was. */
    @Test
    void theLogLevelIsReadAgainWithTheFileAsItIsNow() throws IOException {
        Path file = config("log-level=info");
        ServeOptions options = CliRun.serve("--config", file.toString(), "--max-body", "1MiB");

        config("log-level=debug");
        assertThat(options.reread().get())
                .isEqualTo(new HangUpReload.LogLevelSetting(LogLevel.DEBUG, "log-level=debug in " + file));

        config("log-level=loud");
        assertThatThrownBy(() -> options.reread().get())
                .isInstanceOf(UserError.class)
                .hasMessage("log-level=loud in " + file + ": not a log level: 'loud' (use error, warn, info, debug "
                        + "or trace)");
    }
}
