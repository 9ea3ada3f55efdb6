package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.core.testing.Await;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** End to end: the built jar, run as an operator would run it, on free ports (never 42424 or 1433). */
class AspstateJarIT {
    private static final Pattern STARTUP_LINE = Pattern.compile(
            "aspstate (\\S+) ready: stateserver on 127\\.0\\.0\\.1:(\\d+), tds on 127\\.0\\.0\\.1:(\\d+) "
                    + "\\(any login, no TLS\\), admin on http://127\\.0\\.0\\.1:\\d+/, store memory \\(max-memory (.+)\\), "
                    + "(io_uring|epoll|nio) on \\d+ I/O loops?");
    /** What bench/compare.sh reads from the startup line: the StateServer port. */
    private static final Pattern COMPARE_SH_PORT = Pattern.compile(".*stateserver on [^,]*:([0-9]*),.*");

    private static final String VERSION = System.getProperty("aspstate.expectedVersion");

    private JarProcess process;

    @AfterEach
    void killTheProcess() {
        if (process != null) {
            process.close();
        }
    }

    @Test
    void servesSessionsAndStopsWithExitCodeZeroOnSigterm() throws Exception {
        process = JarProcess.start("serve", "--stateserver-port", "0", "--tds-port", "0");

        Matcher ready = startupLine(process.awaitStdoutLine());
        assertThat(ready.group(1)).isEqualTo(VERSION);
        int port = Integer.parseInt(ready.group(2));
        assertThat(port).isPositive();

        byte[] data = "the session".getBytes(StandardCharsets.UTF_8);
        try (StateServerConnection client = StateServerConnection.connect(new InetSocketAddress("127.0.0.1", port))) {
            StateServerResponse put =
                    client.set("/LM/W3SVC/1/ROOT/app/sid1", data, 20, null).get(20, TimeUnit.SECONDS);
            StateServerResponse get = client.get("/LM/W3SVC/1/ROOT/app/sid1").get(20, TimeUnit.SECONDS);
            assertThat(put.isOk()).as("PUT answered %s", put).isTrue();
            assertThat(get.isOk()).as("GET answered %s", get).isTrue();
            assertThat(get.data()).isEqualTo(data);
            assertThat(get.aspNetVersion()).isEqualTo("4.0.30319");
        }

        process.terminate();

        assertThat(process.awaitExit()).isZero();
        assertThat(process.stdoutLines())
                .as("stdout holds only the startup line")
                .hasSize(1);
        assertThat(process.stderrLines())
                .anySatisfy(
                        line -> assertThat(line)
                                .endsWith(
                                        ": stopped; 1 session(s) dropped (memory only: --data-dir keeps them across restarts)"));
    }

    @Test
    void servesSqlServerModeToMssqlJdbc() throws Exception {
        process = JarProcess.start("serve", "--stateserver-port", "0", "--tds-port", "0");

        Matcher ready = startupLine(process.awaitStdoutLine());
        int tdsPort = Integer.parseInt(ready.group(3));
        assertThat(tdsPort).isPositive();
        try (Connection connection = AspStateJdbc.connect(tdsPort)) {
            assertThat(AspStateJdbc.tempGetVersion(connection)).isEqualTo("2         ");
        }

        process.terminate();

        assertThat(process.awaitExit()).isZero();
    }

    @Test
    void tdsPortOffStartsOnlyTheStateServerAndCompareShStillFindsItsPort() throws Exception {
        process = JarProcess.start("serve", "--stateserver-port", "0", "--tds-port", "off");

        String line = process.awaitStdoutLine();
        assertThat(line)
                .matches("aspstate \\S+ ready: stateserver on 127\\.0\\.0\\.1:\\d+, admin on \\S+, store memory .*");
        Matcher port = COMPARE_SH_PORT.matcher(line);
        assertThat(port.matches()).isTrue();
        try (StateServerConnection client =
                StateServerConnection.connect(new InetSocketAddress("127.0.0.1", Integer.parseInt(port.group(1))))) {
            assertThat(client.get("/LM/W3SVC/1/ROOT/app/none")
                            .get(20, TimeUnit.SECONDS)
                            .isNotFound())
                    .isTrue();
        }

        process.terminate();

        assertThat(process.awaitExit()).isZero();
    }

    @Test
    void aNonLoopbackTdsAddressExitsWithCodeTwoAndOneLine() throws Exception {
        process = JarProcess.start("serve", "--stateserver-port", "0", "--tds-bind", "0.0.0.0");

        assertThat(process.awaitExit()).isEqualTo(2);
        assertThat(process.stderrLines())
                .containsExactly("aspstate: --tds-bind 0.0.0.0: without --tds-user "
                        + "every SQL login is accepted, so the TDS listener only accepts loopback addresses (add --tds-user "
                        + "NAME=HASH, use --tds-bind 127.0.0.1 or --tds-port off)");
        assertThat(process.stdoutLines()).isEmpty();
    }

    @Test
    void hashPasswordAtATerminalDoesNotEchoThePassword() throws Exception {
        // script(1) gives the command a real terminal, as an operator typing would have.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String jar = Path.of(System.getProperty("aspstate.jar", "target/aspstate.jar"))
                .toAbsolutePath()
                .toString();
        Process typed = new ProcessBuilder("script", "-qec", java + " -jar " + jar + " hash-password", "/dev/null")
                .redirectErrorStream(true)
                .start();
        StringBuffer screenSoFar = new StringBuffer();
        Thread reader = new Thread(() -> {
            try (var in = new java.io.InputStreamReader(typed.getInputStream(), StandardCharsets.UTF_8)) {
                int c;
                while ((c = in.read()) >= 0) {
                    screenSoFar.append((char) c);
                }
            } catch (IOException e) {
                screenSoFar.append("[read failed: ").append(e.getMessage()).append(']');
            }
        });
        reader.start();
        // Typed once the prompt is there, as a person would: echo is off by then.
        Await.until("the prompt", () -> screenSoFar.indexOf("Password (not shown): ") >= 0);
        typed.getOutputStream().write("typed secret\n".getBytes(StandardCharsets.UTF_8));
        typed.getOutputStream().close();
        assertThat(typed.waitFor(60, TimeUnit.SECONDS)).isTrue();
        reader.join(10_000);
        String screen = screenSoFar.toString();

        assertThat(typed.exitValue()).as(screen).isZero();
        assertThat(screen)
                .contains("Password (not shown): ")
                .contains("pbkdf2-sha256$")
                .doesNotContain("typed secret");
    }

    @Test
    void aHashFromHashPasswordLetsThatPasswordInOnAllAddressesAndRefusesOthersWith18456() throws Exception {
        process = JarProcess.start("hash-password");
        process.writeStdinAndClose("jar secret\n");
        String hash = process.awaitStdoutLine();
        assertThat(process.awaitExit()).isZero();
        process.close();

        process = JarProcess.start(
                "serve",
                "--stateserver-port",
                "0",
                "--tds-port",
                "0",
                "--tds-bind",
                "0.0.0.0",
                "--tds-user",
                "web=" + hash);
        // The address as asked for (the socket says [::]), and who may log in.
        Matcher ready = Pattern.compile(".* tds on 0\\.0\\.0\\.0:(\\d+) \\(1 login, no TLS\\),.*")
                .matcher(process.awaitStdoutLine());
        assertThat(ready.matches()).isTrue();
        int tdsPort = Integer.parseInt(ready.group(1));
        try (Connection connection = AspStateJdbc.connect(tdsPort, "web", "jar secret")) {
            assertThat(AspStateJdbc.tempGetVersion(connection)).isEqualTo("2         ");
        }
        assertThatThrownBy(() -> AspStateJdbc.connect(tdsPort, "web", "wrong").close())
                .isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(18456));
        process.terminate();

        assertThat(process.awaitExit()).isZero();
        assertThat(String.join("\n", process.stderrLines()))
                .doesNotContain(hash)
                .doesNotContain("jar secret");
    }

    @Test
    void anAllowListWithoutLoopbackWarnsAndRefusesLocalClients() throws Exception {
        process = JarProcess.start("serve", "--stateserver-port", "0", "--tds-port", "0", "--allow", "10.0.0.0/8");

        int port = Integer.parseInt(startupLine(process.awaitStdoutLine()).group(2));
        try (StateServerConnection client = StateServerConnection.connect(new InetSocketAddress("127.0.0.1", port))) {
            assertThatThrownBy(() -> client.get("/LM/W3SVC/1/ROOT/app/sid1").get(20, TimeUnit.SECONDS))
                    .as("the server closes the connection without answering")
                    .isInstanceOf(ExecutionException.class);
        }
        process.terminate();

        assertThat(process.awaitExit()).isZero();
        assertThat(process.stderrLines())
                .anySatisfy(
                        line -> assertThat(line)
                                .contains("WARN")
                                .endsWith(
                                        "--allow 10.0.0.0/8: local clients will be refused; add 127.0.0.0/8 to keep local access"))
                .anySatisfy(line -> assertThat(line)
                        .contains("refused 1 connection(s) from peers not in the allowed " + "peers [10.0.0.0/8]")
                        .endsWith("latest from 127.0.0.1)"));
    }

    @Test
    void anOccupiedPortExitsWithCodeTwoAndOneLine() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            process = JarProcess.start("serve", "--stateserver-port", String.valueOf(port), "--tds-port", "0");

            assertThat(process.awaitExit()).isEqualTo(2);
            assertThat(process.stderrLines())
                    .containsExactly("aspstate: --stateserver-port " + port + ": address 127.0.0.1:" + port
                            + " is already in use");
            assertThat(process.stdoutLines()).isEmpty();
        }
    }

    @Test
    void anOccupiedTdsPortExitsWithCodeTwoAndOneLine() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            process = JarProcess.start("serve", "--stateserver-port", "0", "--tds-port", String.valueOf(port));

            assertThat(process.awaitExit()).isEqualTo(2);
            assertThat(process.stderrLines())
                    .containsExactly(
                            "aspstate: --tds-port " + port + ": address 127.0.0.1:" + port + " is already in use");
            assertThat(process.stdoutLines()).isEmpty();
        }
    }

    @Test
    void aBadValueExitsWithCodeTwoAndOneLine() throws Exception {
        process = JarProcess.start("serve", "--max-body", "abc");

        assertThat(process.awaitExit()).isEqualTo(2);
        assertThat(process.stderrLines())
                .containsExactly(
                        "aspstate: --max-body abc: not a byte size: 'abc' (examples: 1048576, 64KiB, 64MiB, 2GiB)");
    }

    @Test
    void helpListsEveryOptionWithItsDefault() throws Exception {
        process = JarProcess.start("serve", "--help");

        assertThat(process.awaitExit()).isZero();
        ServeHelpTest.assertEveryOptionHasItsDefault(String.join("\n", process.stdoutLines()));
        assertThat(process.stderrLines()).isEmpty();
    }

    @Test
    void versionPrintsTheProjectVersion() throws Exception {
        process = JarProcess.start("--version");

        assertThat(process.awaitExit()).isZero();
        assertThat(process.stdoutLines()).containsExactly("aspstate " + VERSION);
    }

    /** Starts serve with these options, stops it with SIGTERM once ready (exit code 0), and returns its log. */
    private List<String> stderrOfAStartAndAStop(String... options) throws Exception {
        List<String> command = new ArrayList<>(List.of("serve", "--stateserver-port", "0"));
        command.addAll(List.of(options));
        process = JarProcess.start(command.toArray(String[]::new));
        process.awaitStdoutLine();
        process.terminate();
        assertThat(process.awaitExit()).isZero();
        return process.stderrLines();
    }

    @Test
    void logLevelTraceShowsNoStackTraceOfNettysCapabilityProbe() throws Exception {
        List<String> log = stderrOfAStartAndAStop("--tds-port", "0", "--log-level", "trace");

        assertThat(log)
                .as("trace is on")
                .anySatisfy(line -> assertThat(line).contains("DEBUG"))
                .noneSatisfy(line -> assertThat(line).startsWith("\tat "));
    }

    @Test
    void logFormatJsonWritesOneJsonObjectPerLine() throws Exception {
        List<String> lines = stderrOfAStartAndAStop("--tds-port", "off", "--log-format", "json");

        ObjectMapper json = new ObjectMapper();
        assertThat(lines).isNotEmpty();
        for (String line : lines) {
            JsonNode event = json.readTree(line);
            assertThat(event.get("level").asText()).as(line).isNotEmpty();
            assertThat(event.has("formattedMessage")).as(line).isTrue();
        }
        assertThat(lines)
                .anySatisfy(line -> assertThat(
                                json.readTree(line).get("formattedMessage").asText())
                        .startsWith("stopped; 0 session(s) dropped"));
    }

    /** A server started under nohup cannot reload on SIGHUP: it says so instead of ignoring the signal silently. */
    @Test
    void aServerStartedIgnoringSighupSaysThatItCannotReloadWithIt() throws Exception {
        process = JarProcess.start(List.of("nohup"), "serve", "--tds-port", "off", "--stateserver-port", "0");
        assertThat(COMPARE_SH_PORT.matcher(process.awaitStdoutLine()).matches()).isTrue();
        Await.until(
                "the warning",
                () -> process.stderrSoFar().stream()
                        .anyMatch(line -> line.contains("SIGHUP is ignored by this process")));
        process.terminate();
        assertThat(process.awaitExit()).isZero();
    }

    /**
     * Where the kernel (or a container's seccomp profile) allows no native transport, auto serves on Java's selector
     * and says why; a transport asked for by name that cannot be used stops the start with the reason.
     */
    @Test
    void withoutNativeTransportsAutoServesOnNioAndOneAskedForByNameIsRefused() throws Exception {
        List<String> noNative = List.of("env", "JAVA_TOOL_OPTIONS=-Dio.netty.transport.noNative=true");
        process = JarProcess.start(noNative, "serve", "--tds-port", "off", "--stateserver-port", "0");
        String line = process.awaitStdoutLine();
        assertThat(line).containsPattern(", nio on \\d+ I/O loops?$");
        Matcher port = COMPARE_SH_PORT.matcher(line);
        assertThat(port.matches()).isTrue();
        try (StateServerConnection client =
                StateServerConnection.connect(new InetSocketAddress("127.0.0.1", Integer.parseInt(port.group(1))))) {
            assertThat(client.get("/LM/W3SVC/1/ROOT/app/none")
                            .get(20, TimeUnit.SECONDS)
                            .isNotFound())
                    .isTrue();
        }
        Await.until(
                "the log line saying why not io_uring",
                () -> process.stderrSoFar().stream().anyMatch(log -> log.contains("io_uring cannot be used here (")));
        process.terminate();
        assertThat(process.awaitExit()).isZero();

        process = JarProcess.start(
                noNative, "serve", "--tds-port", "off", "--stateserver-port", "0", "--transport", "io_uring");
        assertThat(process.awaitExit()).isEqualTo(2);
        assertThat(process.stderrLines())
                .anyMatch(log -> log.startsWith("aspstate: --transport io_uring: io_uring " + "cannot be used here (")
                        && log.endsWith("); auto picks the best one that can"));
    }

    private static boolean hangUpIgnored() throws IOException {
        // SigIgn is a hexadecimal mask of the ignored signals; SIGHUP is signal 1, the lowest bit.
        return Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(line -> line.startsWith("SigIgn:"))
                .anyMatch(line -> (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 1) != 0);
    }

    @Test
    void sighupReadsTheLogLevelAgainAndKeepsServing(@TempDir Path dir) throws Exception {
        // A process started ignoring SIGHUP (a test run under nohup) passes that on, and the JVM keeps it ignored.
        assumeFalse(hangUpIgnored(), "SIGHUP is ignored in this test run (started under nohup?)");
        Path config = dir.resolve("aspstate.conf");
        Files.write(config, List.of("tds-port=off", "log-level=info"));
        process = JarProcess.start("serve", "--config", config.toString(), "--stateserver-port", "0");
        Matcher ready = COMPARE_SH_PORT.matcher(process.awaitStdoutLine());
        assertThat(ready.matches()).isTrue();
        int port = Integer.parseInt(ready.group(1));

        Files.write(config, List.of("tds-port=off", "log-level=debug"));
        new ProcessBuilder("kill", "-HUP", Long.toString(process.pid())).start().waitFor();
        Await.until(
                "the reload's log line",
                () -> process.stderrSoFar().stream()
                        .anyMatch(line -> line.endsWith("SIGHUP: log level debug (log-level=debug in " + config
                                + "); other settings take effect at the " + "next start")));
        Files.write(config, List.of("tds-port=off", "log-level=loud"));
        new ProcessBuilder("kill", "-HUP", Long.toString(process.pid())).start().waitFor();
        Await.until(
                "the refusal's log line",
                () -> process.stderrSoFar().stream()
                        .anyMatch(line -> line.endsWith("SIGHUP: log-level=loud in " + config
                                + ": not a log level: 'loud' (use error, warn, info, debug or "
                                + "trace); nothing changed")));

        try (StateServerConnection client = StateServerConnection.connect(new InetSocketAddress("127.0.0.1", port))) {
            assertThat(client.get("/LM/W3SVC/1/ROOT/app/none")
                            .get(20, TimeUnit.SECONDS)
                            .isNotFound())
                    .as("still serving")
                    .isTrue();
        }
        process.terminate();
        assertThat(process.awaitExit()).isZero();
    }

    @Test
    void aConfigFileSetsOptionsAndTheCommandLineOverridesIt(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("aspstate.properties");
        Files.write(
                config,
                List.of(
                        "stateserver-port=1",
                        "tds-port=0",
                        "version-header=4.0.12345",
                        "max-memory=64MiB",
                        "allow=127.0.0.0/8,::1",
                        "log-level=warn"));
        process = JarProcess.start("serve", "--config", config.toString(), "--stateserver-port", "0");

        Matcher ready = startupLine(process.awaitStdoutLine());
        assertThat(ready.group(4)).isEqualTo("64 MiB");
        int port = Integer.parseInt(ready.group(2));
        try (StateServerConnection client = StateServerConnection.connect(new InetSocketAddress("127.0.0.1", port))) {
            StateServerResponse missing =
                    client.get("/LM/W3SVC/1/ROOT/app/none").get(20, TimeUnit.SECONDS);
            assertThat(missing.isNotFound()).as("GET answered %s", missing).isTrue();
            assertThat(missing.aspNetVersion()).isEqualTo("4.0.12345");
        }

        process.terminate();

        assertThat(process.awaitExit()).isZero();
        assertThat(process.stderrLines())
                .as("log-level=warn: the info line 'stopped' is not logged")
                .isEmpty();
    }

    @Test
    void aConfigFileWithAnUnknownKeyExitsWithCodeTwoNamingIt(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("aspstate.properties");
        Files.write(config, List.of("port=42425"));
        process = JarProcess.start("serve", "--config", config.toString());

        assertThat(process.awaitExit()).isEqualTo(2);
        assertThat(process.stderrLines())
                .singleElement()
                .asString()
                .startsWith("aspstate: " + config + ": unknown key 'port' (known keys: ");
    }

    private static Matcher startupLine(String line) {
        Matcher matcher = STARTUP_LINE.matcher(line);
        assertThat(matcher.matches()).as("startup line: %s", line).isTrue();
        return matcher;
    }
}
