package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.core.testing.LoopbackPorts;
import aspstate.transport.IoTransport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The wiring, in-process: stores + listeners started from parsed options, real sockets. Every server asks for
 * free ports, so that a test never depends on (or takes) 42424 or 1433.
 */
class RunningServerTest {
    private static final long WAIT_SECONDS = 20;

    @Test
    void servesSessionsOnThePortItReports() throws Exception {
        ServeOptions options =
                CliRun.serve("--stateserver-port", "0", "--tds-port", "0", "--version-header", "4.0.11111");
        try (RunningServer server = RunningServer.start(options);
                StateServerConnection client = StateServerConnection.connect(server.stateServerAddress())) {
            assertThat(server.stateServerAddress().getPort()).isPositive();
            byte[] data = "session data".getBytes(StandardCharsets.UTF_8);

            StateServerResponse put =
                    client.set("/LM/W3SVC/1/ROOT/app/abc", data, 20, null).get(WAIT_SECONDS, TimeUnit.SECONDS);
            StateServerResponse get = client.get("/LM/W3SVC/1/ROOT/app/abc").get(WAIT_SECONDS, TimeUnit.SECONDS);

            assertThat(put.isOk()).isTrue();
            assertThat(get.isOk()).isTrue();
            assertThat(get.data()).isEqualTo(data);
            assertThat(get.aspNetVersion()).isEqualTo("4.0.11111");
        }
    }

    @Test
    void servesOnEveryTransportThisMachineOffers() throws Exception {
        for (IoTransport transport : IoTransport.values()) {
            if (!transport.isAvailable()) {
                continue;
            }
            ServeOptions options =
                    CliRun.serve("--stateserver-port", "0", "--tds-port", "0", "--transport", transport.toString());
            try (RunningServer server = RunningServer.start(options);
                    StateServerConnection client = StateServerConnection.connect(server.stateServerAddress());
                    Connection connection = AspStateJdbc.connect(
                            server.tdsAddress().orElseThrow().getPort())) {
                byte[] data = transport.toString().getBytes(StandardCharsets.UTF_8);
                client.set("/LM/W3SVC/1/ROOT/app/abc", data, 20, null).get(WAIT_SECONDS, TimeUnit.SECONDS);

                assertThat(server.startupLine("v")).as("startup line").contains(", " + transport + " on ");
                assertThat(client.get("/LM/W3SVC/1/ROOT/app/abc")
                                .get(WAIT_SECONDS, TimeUnit.SECONDS)
                                .data())
                        .as("on %s", transport)
                        .isEqualTo(data);
                assertThat(AspStateJdbc.tempGetVersion(connection))
                        .as("on %s", transport)
                        .isEqualTo("2         ");
            }
        }
    }

    @Test
    void servesTheAspStateProceduresToMssqlJdbc() throws Exception {
        try (RunningServer server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0"));
                Connection connection =
                        AspStateJdbc.connect(server.tdsAddress().orElseThrow().getPort())) {
            assertThat(AspStateJdbc.tempGetVersion(connection)).isEqualTo("2         ");

            int appId = AspStateJdbc.tempGetAppId(connection, "/LM/W3SVC/1/ROOT/app");
            assertThat(AspStateJdbc.tempGetAppId(connection, "/lm/w3svc/1/root/APP"))
                    .as("the app-id store keeps the mapping, case-insensitively")
                    .isEqualTo(appId);
        }
    }

    /**
     * Every listener runs on the server's one set of event loops: after start, the three listeners' server channels
     * sit on one acceptor thread (Netty names a group's threads "<kind>EventLoopGroup-<group>-<thread>").
     */
    @Test
    void allListenersShareOneSetOfEventLoops() {
        Set<String> before = eventLoopGroups();
        try (RunningServer server =
                RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0", "--admin-port", "0"))) {
            Set<String> started = eventLoopGroups();
            started.removeAll(before);
            assertThat(started).as("event loop groups with a running thread").hasSize(1);
        }
    }

    private static Set<String> eventLoopGroups() {
        return Thread.getAllStackTraces().keySet().stream()
                .map(Thread::getName)
                .filter(name -> name.matches("[a-zA-Z]*EventLoopGroup-\\d+-\\d+"))
                .map(name -> name.substring(0, name.lastIndexOf('-')))
                .collect(Collectors.toCollection(HashSet::new));
    }

    @Test
    void startupLineNamesVersionActualAddressesAndStore() {
        ServeOptions options = CliRun.serve("--stateserver-port", "0", "--tds-port", "0", "--max-memory", "3GiB");
        try (RunningServer server = RunningServer.start(options)) {
            int port = server.stateServerAddress().getPort();
            int tdsPort = server.tdsAddress().orElseThrow().getPort();
            int adminPort = server.adminAddress().orElseThrow().getPort();

            assertThat(tdsPort).isPositive();
            assertThat(server.startupLine("1.2.3"))
                    .isEqualTo("aspstate 1.2.3 ready: stateserver on 127.0.0.1:" + port
                            + ", tds on 127.0.0.1:" + tdsPort + " (any login, no TLS), admin on http://127.0.0.1:"
                            + adminPort
                            + "/, store memory (max-memory 3 GiB), " + IoTransport.best() + " on "
                            + Runtime.getRuntime().availableProcessors() + " I/O loop"
                            + (Runtime.getRuntime().availableProcessors() == 1 ? "" : "s"));
        }
    }

    @Test
    void offStartsNeitherTheTdsNorTheAdminListener() {
        try (RunningServer server = RunningServer.start(
                CliRun.serve("--stateserver-port", "0", "--tds-port", "off", "--admin-port", "off"))) {
            int port = server.stateServerAddress().getPort();

            assertThat(server.tdsAddress()).isEmpty();
            assertThat(server.adminAddress()).isEmpty();
            assertThat(server.startupLine("1.2.3"))
                    .startsWith("aspstate 1.2.3 ready: stateserver on 127.0.0.1:" + port + ", store memory");
        }
    }

    @Test
    void startupLineSaysUnlimitedForMaxMemoryZero() {
        try (RunningServer server =
                RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0", "--max-memory", "0"))) {
            assertThat(server.startupLine("v")).contains(", store memory (max-memory unlimited), ");
        }
    }

    @Test
    void closingStopsListening() throws Exception {
        RunningServer server = RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "0"));
        InetSocketAddress address = server.stateServerAddress();
        InetSocketAddress tdsAddress = server.tdsAddress().orElseThrow();

        server.close();

        assertThatThrownBy(() -> StateServerConnection.connect(address).close()).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> new Socket(tdsAddress.getAddress(), tdsAddress.getPort()).close())
                .isInstanceOf(IOException.class);
    }

    @Test
    void anAdminPortInUseIsAUserErrorAndTheListenersStartedBeforeItAreClosed() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            int stateServerPort = aspstate.core.testing.LoopbackPorts.free();
            ServeOptions options = CliRun.serve(
                    "--stateserver-port",
                    String.valueOf(stateServerPort),
                    "--tds-port",
                    "off",
                    "--admin-port",
                    String.valueOf(port));

            assertThatThrownBy(() -> RunningServer.start(options).close())
                    .isInstanceOf(UserError.class)
                    .hasMessage("--admin-port " + port + ": address 127.0.0.1:" + port + " is already in use");
            // A second try on the same StateServer port works: the failed start let go of it.
            try (RunningServer again = RunningServer.start(CliRun.serve(
                    "--stateserver-port",
                    String.valueOf(stateServerPort),
                    "--tds-port",
                    "off",
                    "--admin-port",
                    "off"))) {
                assertThat(again.stateServerAddress().getPort()).isEqualTo(stateServerPort);
            }
        }
    }

    @Test
    void aPortInUseIsAUserErrorNamingThePortOption() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            ServeOptions options = CliRun.serve("--stateserver-port", String.valueOf(port), "--tds-port", "0");

            assertThatThrownBy(() -> RunningServer.start(options).close())
                    .isInstanceOf(UserError.class)
                    .hasMessage("--stateserver-port " + port + ": address 127.0.0.1:" + port + " is already in use");
        }
    }

    @Test
    void aTdsPortInUseIsAUserErrorNamingTheTdsPortOptionAndFreesTheStateServerPort() throws IOException {
        int stateServerPort = LoopbackPorts.free();
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            ServeOptions options = CliRun.serve(
                    "--stateserver-port", String.valueOf(stateServerPort), "--tds-port", String.valueOf(port));

            assertThatThrownBy(() -> RunningServer.start(options).close())
                    .isInstanceOf(UserError.class)
                    .hasMessage("--tds-port " + port + ": address 127.0.0.1:" + port + " is already in use");
        }
        new ServerSocket(stateServerPort, 50, InetAddress.getByName("127.0.0.1")).close();
    }

    @Test
    void anAddressThisMachineDoesNotHaveIsAUserErrorNamingTheBindOption() {
        // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): documentation only, never assigned to an interface
        ServeOptions options = CliRun.serve("--bind", "192.0.2.1", "--stateserver-port", "0", "--tds-port", "off");

        assertThatThrownBy(() -> RunningServer.start(options).close())
                .isInstanceOf(UserError.class)
                .hasMessage("--bind 192.0.2.1: 192.0.2.1 is not an address of this machine");
    }

    @Test
    void aPortInUseFromTheConfigFileNamesTheFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            java.nio.file.Path file = dir.resolve("a.properties");
            java.nio.file.Files.writeString(file, "stateserver-port=" + port + "\n");
            ServeOptions options = CliRun.serve("--config", file.toString(), "--tds-port", "0");

            assertThatThrownBy(() -> RunningServer.start(options).close())
                    .hasMessage("stateserver-port=" + port + " in " + file + ": address 127.0.0.1:" + port
                            + " is already in use");
        }
    }
}
