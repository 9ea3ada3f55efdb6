package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One durable {@code serve} ({@code --data-dir}) killed with {@code kill -9} and started again: every acknowledged
 * write of every kind is back byte for byte, with its lock, cookie and first-read flag; what expired while the
 * server was down is gone (the restart runs under libfaketime, minutes later).
 */
class DurableServeIT {
    private static final String APP = "/LM/W3SVC/1/ROOT/app/";

    @TempDir
    Path directory;

    private final List<ServeNode> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        nodes.forEach(ServeNode::close);
    }

    private ServeNode node(List<String> prefix, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("--data-dir", directory.toString()));
        all.addAll(List.of(args));
        ServeNode node = new ServeNode(prefix, InetAddress.getByName("127.0.0.1"), all);
        nodes.add(node);
        return node;
    }

    private static StateServerResponse await(CompletableFuture<StateServerResponse> answer) throws Exception {
        return answer.get(30, TimeUnit.SECONDS);
    }

    @Test
    void everyKindOfSessionIsBackByteForByteAfterKill9() throws Exception {
        byte[] data = new byte[5000];
        new Random(8).nextBytes(data);
        data[0] = 0;
        data[1] = (byte) 0xFF;
        ServeNode node = node(List.of()).start().awaitReady();
        assertThat(node.store())
                .matches(java.util.regex.Pattern.quote("durable " + directory + " (fsync always, "
                                + "max-memory 128 MiB; restored 0 session(s) in ")
                        + "\\d+ ms\\)");
        int appId;
        try (StateServerConnection client = node.client();
                Connection sql = node.sql()) {
            assertThat(await(client.set(APP + "plain", data, 20, null)).isOk()).isTrue();
            assertThat(await(client.set(APP + "locked", data, 20, null)).isOk()).isTrue();
            assertThat(await(client.getExclusive(APP + "locked")).lockCookie()).isEqualTo(2);
            assertThat(await(client.set(APP + "new", new byte[] {7}, 20, 0, true))
                            .isOk())
                    .isTrue();
            appId = AspStateJdbc.tempGetAppId(sql, "/LM/W3SVC/1/ROOT/app");
            AspStateJdbc.insertShort(sql, "sqlplain0000000000000000" + "0000002a", data, 20);
            AspStateJdbc.insertShort(sql, "sqllocked000000000000000" + "0000002a", data, 20);
            assertThat(AspStateJdbc.get3(sql, "sqllocked000000000000000" + "0000002a", true)
                            .lockCookie())
                    .isEqualTo(2);
            AspStateJdbc.insertUninitialized(sql, "sqlnew000000000000000000" + "0000002a", new byte[] {1}, 20);
            AspStateJdbc.addItem(sql, "sp-item", data, 20);
            assertThat(AspStateJdbc.getItem(sql, "sp-item", true).lockCookie()).isEqualTo(2);
        }

        node.kill();
        node.start().awaitReady();
        assertThat(node.store()).contains("restored 7 session(s)");

        try (StateServerConnection client = node.client();
                Connection sql = node.sql()) {
            StateServerResponse plain = await(client.get(APP + "plain"));
            assertThat(plain.isOk()).isTrue();
            assertThat(plain.data()).isEqualTo(data);
            assertThat(plain.timeoutMinutes()).isEqualTo(20);
            StateServerResponse locked = await(client.get(APP + "locked"));
            assertThat(locked.isLocked()).as("the lock survived").isTrue();
            assertThat(locked.lockCookie()).isEqualTo(2);
            assertThat(await(client.releaseExclusive(APP + "locked", 2)).isOk()).isTrue();
            assertThat(await(client.getExclusive(APP + "locked")).lockCookie())
                    .as("the cookie counter went on")
                    .isEqualTo(3);
            StateServerResponse first = await(client.get(APP + "new"));
            assertThat(first.actionFlags())
                    .as("the first read of an insert-only session says so")
                    .isTrue();
            assertThat(await(client.get(APP + "new")).actionFlags()).isFalse();

            assertThat(AspStateJdbc.tempGetAppId(sql, "/LM/W3SVC/1/ROOT/app")).isEqualTo(appId);
            assertThat(AspStateJdbc.get3(sql, "sqlplain0000000000000000" + "0000002a", false)
                            .item())
                    .isEqualTo(data);
            AspStateJdbc.Got sqlLocked = AspStateJdbc.get3(sql, "sqllocked000000000000000" + "0000002a", false);
            assertThat(sqlLocked.locked()).isTrue();
            assertThat(sqlLocked.lockCookie()).isEqualTo(2);
            AspStateJdbc.Got sqlNew = AspStateJdbc.get3(sql, "sqlnew000000000000000000" + "0000002a", false);
            assertThat(sqlNew.actionFlags())
                    .as("the uninitialized flag survived")
                    .isEqualTo(1);
            AspStateJdbc.Got item = AspStateJdbc.getItem(sql, "sp-item", false);
            assertThat(item.locked()).isTrue();
            assertThat(item.lockCookie()).isEqualTo(2);
            AspStateJdbc.release(sql, "sqllocked000000000000000" + "0000002a", 2);
            assertThat(AspStateJdbc.get3(sql, "sqllocked000000000000000" + "0000002a", false)
                            .item())
                    .isEqualTo(data);
        }
    }

    @Test
    void aSessionThatExpiredWhileTheServerWasDownIsGoneAndTheOthersAreNot() throws Exception {
        ServeNode node = node(List.of()).start().awaitReady();
        try (StateServerConnection client = node.client();
                Connection sql = node.sql()) {
            assertThat(await(client.set(APP + "short", new byte[] {1}, 1, null)).isOk())
                    .isTrue();
            assertThat(await(client.set(APP + "long", new byte[] {2}, 20, null)).isOk())
                    .isTrue();
            AspStateJdbc.insertShort(sql, "sqlshort0000000000000000" + "0000002a", new byte[] {3}, 1);
            AspStateJdbc.insertShort(sql, "sqllong00000000000000000" + "0000002a", new byte[] {4}, 20);
        }
        node.kill();

        // Both clocks five minutes on: with the monotonic one left alone, libfaketime breaks the JVM's timed waits
        // (they return at once, and every idle thread spins).
        ServeNode later =
                node(List.of("env", "LD_PRELOAD=" + libfaketime(), "FAKETIME=+5m", "FAKETIME_FORCE_MONOTONIC_FIX=0"));
        later.start().awaitReady();

        try (StateServerConnection client = later.client();
                Connection sql = later.sql()) {
            assertThat(await(client.get(APP + "short")).isNotFound())
                    .as("expired 4 minutes ago")
                    .isTrue();
            assertThat(await(client.get(APP + "long")).data()).containsExactly(2);
            assertThat(AspStateJdbc.get3(sql, "sqlshort0000000000000000" + "0000002a", false)
                            .item())
                    .isNull();
            assertThat(AspStateJdbc.get3(sql, "sqllong00000000000000000" + "0000002a", false)
                            .item())
                    .containsExactly(4);
        }
    }

    /** libfaketime, preloaded into the JVM through env, which execs it: the process's PID stays the JVM's. */
    private static String libfaketime() throws IOException {
        try (Stream<Path> libraries = Files.find(
                Path.of("/usr/lib"), 3, (path, attributes) -> path.endsWith(Path.of("faketime", "libfaketime.so.1")))) {
            return libraries
                    .findFirst()
                    .orElseThrow(() ->
                            new AssertionError("libfaketime is missing: run " + "server/install-interop-clients.sh"))
                    .toString();
        }
    }

    /**
     * With a store that answers after it returns, a pipelined GET must not run before the PUT ahead of it has been
     * written (it would find nothing and answer 404).
     */
    @Test
    void pipelinedRequestsRunInOrder() throws Exception {
        ServeNode node = node(List.of()).start().awaitReady();
        String requests = "PUT /app/p HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc"
                + "GET /app/p HTTP/1.1\r\nExclusive: acquire\r\n\r\n"
                + "GET /app/p HTTP/1.1\r\n\r\n"
                + "DELETE /app/p HTTP/1.1\r\nLockCookie: 2\r\n\r\n"
                + "GET /app/p HTTP/1.1\r\n\r\n";
        String answers;
        try (Socket socket =
                new Socket(node.stateServer().getAddress(), node.stateServer().getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(requests.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            socket.shutdownOutput();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            answers = all.toString(StandardCharsets.ISO_8859_1);
        }

        // A status line follows the previous answer's body, which ends without a line break.
        assertThat(Pattern.compile("(\\d{3} [A-Za-z ]+)\r\nX-AspNet-Version")
                        .matcher(answers)
                        .results()
                        .map(match -> match.group(1)))
                .containsExactly("200 OK", "200 OK", "423 Locked", "200 OK", "404 Not Found");
    }

    @Test
    void aSecondServerOnTheSameDataDirectoryExitsWithCodeTwoAndOneLine() throws Exception {
        node(List.of()).start().awaitReady();

        JarProcess second = JarProcess.start(
                "serve", "--stateserver-port", "0", "--tds-port", "0", "--data-dir", directory.toString());
        try (second) {
            assertThat(second.awaitExit()).isEqualTo(2);
            assertThat(second.stderrLines())
                    .containsExactly("aspstate: --data-dir " + directory + ": " + directory
                            + " is in use by another running aspstate");
        }
    }
}
