package aspstate.bench.redis;

import aspstate.core.testing.LoopbackPorts;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real redis-server for tests: loopback only, on a free port, nothing persisted. Started with {@link #start()},
 * ready once it answers PING, stopped through its own Process handle. Needs redis-server on PATH
 * ({@code bench/install-redis.sh} installs it).
 */
final class RedisServerProcess implements AutoCloseable {
    private static final String LOOPBACK = "127.0.0.1";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration PING_TIMEOUT = Duration.ofMillis(500);
    private static final long POLL_MILLIS = 20;
    private static final int START_ATTEMPTS = 3;

    private final Process process;
    private final int port;
    private final Path directory;

    private RedisServerProcess(Process process, int port, Path directory) {
        this.process = process;
        this.port = port;
        this.directory = directory;
    }

    /**
     * Starts redis-server and waits until it answers PING. A free port found first can be taken by someone else
     * before redis binds it; then redis exits and another port is tried.
     */
    static RedisServerProcess start() throws IOException, InterruptedException {
        List<String> failures = new ArrayList<>();
        for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
            Path directory = Files.createTempDirectory("redis-test");
            int port = LoopbackPorts.free();
            Process process = launch(port, directory);
            RedisServerProcess server = new RedisServerProcess(process, port, directory);
            String failure = server.awaitPing();
            if (failure == null) {
                return server;
            }
            failures.add("port " + port + ": " + failure + "; log: " + server.log());
            server.close();
        }
        throw new IOException("redis-server did not start: " + String.join(" | ", failures));
    }

    private static Process launch(int port, Path directory) throws IOException {
        List<String> command = List.of(
                "redis-server",
                "--port",
                Integer.toString(port),
                "--bind",
                LOOPBACK,
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                directory.toString(),
                "--daemonize",
                "no");
        try {
            return new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(directory.resolve("redis.log").toFile())
                    .start();
        } catch (IOException e) {
            throw new IOException("cannot run redis-server (not installed? run bench/install-redis.sh as root)", e);
        }
    }

    /** Polls PING until PONG, the process dies, or the start timeout passes; null when ready, else why not. */
    private String awaitPing() throws InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        String lastError = "no answer";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                return "exited with status " + process.exitValue();
            }
            try {
                if (ping()) {
                    return null;
                }
                lastError = "answered PING with something other than PONG";
            } catch (IOException e) {
                lastError = e.toString();
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
        return "no PONG within " + START_TIMEOUT.toSeconds() + " s (" + lastError + ")";
    }

    private boolean ping() throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(LOOPBACK, port), (int) PING_TIMEOUT.toMillis());
            socket.setSoTimeout((int) PING_TIMEOUT.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] expected = "+PONG\r\n".getBytes(StandardCharsets.US_ASCII);
            byte[] answer = in.readNBytes(expected.length);
            return Arrays.equals(expected, answer);
        }
    }

    InetSocketAddress address() {
        return new InetSocketAddress(LOOPBACK, port);
    }

    /** e.g. redis://127.0.0.1:6379, for a plain Lettuce client in tests. */
    String uri() {
        return "redis://" + LOOPBACK + ":" + port;
    }

    private String log() {
        try {
            String log = Files.readString(directory.resolve("redis.log"), StandardCharsets.UTF_8);
            return log.length() > 2000 ? log.substring(log.length() - 2000) : log;
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /**
     * Stops the server: SIGTERM, then SIGKILL if it has not exited in time; removes its directory. An interrupt
     * while waiting kills it at once and is passed on.
     */
    @Override
    public void close() {
        try {
            process.destroy();
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            deleteDirectory();
        }
    }

    private void deleteDirectory() {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A leftover empty temp directory is harmless; the server is already stopped.
        }
    }
}
