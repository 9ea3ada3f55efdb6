package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.core.testing.LoopbackPorts;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code serve} process of the multi-node and restart tests, on ports of its own that stay the same across
 * restarts (so the other nodes and the clients find it again). {@link #start()} waits for the startup line.
 */
final class ServeNode implements AutoCloseable {
    /** A cluster node starts within this: the quorum waits for the others, all JVMs start on two cores. */
    static final long START_SECONDS = 90;

    private static final Pattern READY = Pattern.compile(
            "aspstate \\S+ ready: stateserver on [^,]*:(\\d+)(?:, tds on [^,]*:(\\d+)(?: \\([^)]*\\))?)?"
                    + "(?:, admin on \\S+(?: \\(token\\))?)?, store (.*), (?:io_uring|epoll|nio) on \\d+ I/O loops?");

    private final List<String> prefix;
    private final List<String> args;
    private final InetAddress address;
    private final int stateServerPort;
    private final int tdsPort;
    private JarProcess process;
    private String store;

    /**
     * @param prefix what runs the JVM (e.g. {@code ip netns exec NAME}), or empty
     * @param args   serve's options beyond the ports, which this class chooses (unless args has a --tds-port)
     */
    ServeNode(List<String> prefix, InetAddress address, List<String> args) throws IOException {
        this.prefix = List.copyOf(prefix);
        this.address = address;
        this.stateServerPort = LoopbackPorts.free();
        int tdsAt = args.indexOf("--tds-port");
        this.tdsPort = tdsAt >= 0 && !args.get(tdsAt + 1).equals("off")
                ? Integer.parseInt(args.get(tdsAt + 1))
                : LoopbackPorts.free();
        this.args = List.copyOf(args);
    }

    /** Starts the process; {@link #awaitReady()} waits for it. */
    ServeNode start() throws IOException {
        List<String> command = new ArrayList<>(List.of("serve", "--stateserver-port", "" + stateServerPort));
        if (!args.contains("--tds-port")) {
            command.addAll(List.of("--tds-port", "" + tdsPort));
        }
        command.addAll(args);
        process = JarProcess.start(prefix, command.toArray(String[]::new));
        return this;
    }

    ServeNode awaitReady() throws InterruptedException {
        String line = process.awaitStdoutLine(START_SECONDS);
        Matcher ready = READY.matcher(line);
        assertThat(ready.matches()).as("startup line: %s", line).isTrue();
        store = ready.group(3);
        return this;
    }

    /** The store part of the startup line, e.g. "cluster aspstate (node ...)". */
    String store() {
        return store;
    }

    InetSocketAddress stateServer() {
        return new InetSocketAddress(address, stateServerPort);
    }

    StateServerConnection client() throws IOException {
        return StateServerConnection.connect(stateServer());
    }

    Connection sql() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlserver://" + address.getHostAddress() + ":" + tdsPort
                + ";encrypt=false;user=any;password=any;loginTimeout=10");
    }

    JarProcess process() {
        return process;
    }

    /** SIGTERM, as {@code systemctl stop} sends. */
    void terminate() {
        process.terminate();
    }

    /** {@code kill -9}. */
    void kill() throws InterruptedException {
        process.kill();
    }

    @Override
    public void close() {
        if (process != null) {
            process.close();
        }
    }
}
