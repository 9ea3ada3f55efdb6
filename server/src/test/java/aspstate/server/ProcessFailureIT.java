package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.core.FatalErrors;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Failure isolation, on the built jar: a process whose heap runs out exits with status 70 (so a supervisor
 * restarts it) instead of hanging half-alive, and SIGTERM stops it in bounded time whatever its clients are doing.
 * Left running, an OutOfMemoryError can kill the expiry reaper, leave both listeners deaf and SIGTERM ignored.
 */
@Timeout(120)
class ProcessFailureIT {
    private static final Pattern STATESERVER_PORT = Pattern.compile(".*stateserver on [^,]*:([0-9]+),.*");
    private static final int MIB = 1 << 20;

    private JarProcess process;

    @AfterEach
    void killTheProcess() {
        if (process != null) {
            process.close();
        }
    }

    @Test
    void aHeapThatRunsOutEndsTheProcessWithStatus70() throws Exception {
        // --max-memory far above the heap: the operator's mistake the startup warning is about, and the one way
        // left for clients to fill the heap, since every buffer of theirs is bounded. The exit runs the graceful
        // stop, which on a full heap can crawl from one full collection to the next (in 1 of 12 runs under a busy
        // suite it took over 20 s): --shutdown-timeout bounds it, and a halt after a fatal error still exits 70.
        process = JarProcess.startWithHeap(
                "64m",
                "serve",
                "--stateserver-port",
                "0",
                "--tds-port",
                "off",
                "--max-memory",
                "2g",
                "--shutdown-timeout",
                "5s");
        InetSocketAddress server = stateServer(process.awaitStdoutLine());
        byte[] session = new byte[MIB];
        int stored = 0;
        try (StateServerConnection client = StateServerConnection.connect(server)) {
            for (; stored < 512; stored++) {
                StateServerResponse put = client.set("/LM/W3SVC/1/ROOT/oom/" + stored, session, 20, null)
                        .get(20, TimeUnit.SECONDS);
                assertThat(put.isOk()).as("PUT %d answered %s", stored, put).isTrue();
            }
        } catch (ExecutionException | IOException e) {
            // the connection went down with the heap: expected
        }
        assertThat(stored).as("sessions stored before the heap ran out").isLessThan(512);
        assertThat(process.awaitExit()).isEqualTo(FatalErrors.EXIT_STATUS);
        assertThat(process.stderrLines())
                .anySatisfy(line -> assertThat(line)
                        .contains("ERROR")
                        .contains("fatal error")
                        .contains("exiting with status 70"));
    }

    @Test
    void sigtermStopsTheProcessWhileClientsHoldItsConnections() throws Exception {
        process = JarProcess.start("serve", "--stateserver-port", "0", "--tds-port", "off", "--shutdown-timeout", "5s");
        InetSocketAddress server = stateServer(process.awaitStdoutLine());
        byte[] large = new byte[8 * MIB];
        try (StateServerConnection client = StateServerConnection.connect(server)) {
            assertThat(client.set("/LM/W3SVC/1/ROOT/big/1", large, 20, null)
                            .get(20, TimeUnit.SECONDS)
                            .isOk())
                    .isTrue();
        }
        List<Socket> holders = new ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) {
                Socket slow = new Socket(server.getAddress(), server.getPort());
                slow.getOutputStream()
                        .write("GET /LM/W3SVC/1/ROOT/slow HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
                holders.add(slow);
            }
            Socket nonReader = new Socket(server.getAddress(), server.getPort());
            holders.add(nonReader);
            OutputStream requests = nonReader.getOutputStream();
            for (int i = 0; i < 20; i++) {
                requests.write("GET /LM/W3SVC/1/ROOT/big/1 HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            requests.flush();

            long start = System.nanoTime();
            process.terminate();
            int status = process.awaitExit();
            assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start))
                    .as("seconds to stop")
                    .isLessThanOrEqualTo(10);
            assertThat(status).isZero();
            assertThat(process.stderrLines())
                    .anySatisfy(line -> assertThat(line).contains(": stopped; "));
        } finally {
            for (Socket holder : holders) {
                holder.close();
            }
        }
    }

    private static InetSocketAddress stateServer(String startupLine) {
        Matcher port = STATESERVER_PORT.matcher(startupLine);
        assertThat(port.matches()).as("startup line %s", startupLine).isTrue();
        return new InetSocketAddress("127.0.0.1", Integer.parseInt(port.group(1)));
    }
}
