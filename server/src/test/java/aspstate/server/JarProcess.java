package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code java -jar target/aspstate.jar ...} as a subprocess for the end-to-end tests. Both output streams are
 * drained by their own threads from the start (so the process never blocks on a full pipe) into lines that can be
 * awaited. Every wait is bounded; {@link #close()} kills the process if it still runs.
 */
final class JarProcess implements AutoCloseable {
    static final long WAIT_SECONDS = 20;

    private final Process process;
    private final BlockingQueue<String> stdoutLines = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> stderrSoFar = new LinkedBlockingQueue<>();
    private final CompletableFuture<List<String>> stdout;
    private final CompletableFuture<List<String>> stderr;

    private JarProcess(Process process) {
        this.process = process;
        this.stdout = drain(process.getInputStream(), stdoutLines, "stdout");
        this.stderr = drain(process.getErrorStream(), stderrSoFar, "stderr");
    }

    static JarProcess start(String... args) throws IOException {
        return start(List.of(), args);
    }

    /** @param prefix what runs the JVM, e.g. {@code ip netns exec NAME} to run it in a network namespace */
    static JarProcess start(List<String> prefix, String... args) throws IOException {
        return start(prefix, "256m", args);
    }

    /** With a maximum heap of {@code maxHeap} (as -Xmx takes it), for the tests that need the heap to run out. */
    static JarProcess startWithHeap(String maxHeap, String... args) throws IOException {
        return start(List.of(), maxHeap, args);
    }

    private static JarProcess start(List<String> prefix, String maxHeap, String... args) throws IOException {
        Path jar = Path.of(System.getProperty("aspstate.jar", "target/aspstate.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " not found: run the end-to-end tests with mvn verify");
        }
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + maxHeap,
                "-jar",
                jar.toString()));
        command.addAll(List.of(args));
        // Processes run side by side (a cluster's nodes): each serve gets a free admin port unless the test names one.
        if (args.length > 0 && args[0].equals("serve") && !List.of(args).contains("--admin-port")) {
            command.addAll(command.size() - args.length + 1, List.of("--admin-port", "0"));
        }
        return new JarProcess(new ProcessBuilder(command).start());
    }

    /** Any command (such as bin/aspstate, which execs the JVM), with these variables added to the environment. */
    static JarProcess launch(List<String> command, Map<String, String> environment) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        return new JarProcess(builder.start());
    }

    /** Writes {@code text} (UTF-8) to the process's stdin and closes it, as a pipe would. */
    void writeStdinAndClose(String text) throws IOException {
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The next line on stdout; fails if none comes within the wait. */
    String awaitStdoutLine() throws InterruptedException {
        return awaitStdoutLine(WAIT_SECONDS);
    }

    String awaitStdoutLine(long seconds) throws InterruptedException {
        String line = stdoutLines.poll(seconds, TimeUnit.SECONDS);
        if (line == null) {
            // What the process said on stderr is what tells why (a port taken, a cluster not joined).
            throw new AssertionError("no line on stdout within " + seconds + "s; alive=" + process.isAlive()
                    + "; stderr: " + String.join("\n", stderrSoFar()));
        }
        return line;
    }

    /** The next line on stdout if one comes within {@code millis}, else null. */
    String pollStdoutLine(long millis) throws InterruptedException {
        return stdoutLines.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** The lines on stderr so far, while the process runs. */
    List<String> stderrSoFar() {
        return List.copyOf(stderrSoFar);
    }

    /** {@code kill -9}: the process gets no chance to stop cleanly. Waits (bounded) until it is gone. */
    void kill() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.toHandle().destroyForcibly();
        if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("process still running " + WAIT_SECONDS + "s after SIGKILL");
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /**
     * Asks the process to stop the way an operator would: SIGTERM on Unix. Sent through the ProcessHandle because
     * Process.destroy() sends the same signal but also closes our ends of the pipes, losing the last log lines.
     */
    void terminate() {
        assertThat(process.toHandle().destroy()).as("SIGTERM sent").isTrue();
    }

    int awaitExit() throws InterruptedException {
        if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("process still running after " + WAIT_SECONDS + "s");
        }
        return process.exitValue();
    }

    /** All of stdout, once the process has closed it (it has exited). */
    List<String> stdoutLines() throws InterruptedException {
        return await(stdout);
    }

    /** All of stderr, once the process has closed it (it has exited). */
    List<String> stderrLines() throws InterruptedException {
        return await(stderr);
    }

    private static List<String> await(CompletableFuture<List<String>> lines) throws InterruptedException {
        try {
            return lines.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError("output not complete within " + WAIT_SECONDS + "s", e);
        }
    }

    /** Kills the process if it still runs, and waits (bounded) for it to be gone. */
    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static CompletableFuture<List<String>> drain(InputStream stream, BlockingQueue<String> queue, String name) {
        CompletableFuture<List<String>> all = new CompletableFuture<>();
        Thread reader = new Thread(
                () -> {
                    List<String> lines = new ArrayList<>();
                    try (BufferedReader in =
                            new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = in.readLine()) != null) {
                            lines.add(line);
                            queue.add(line);
                        }
                        all.complete(lines);
                    } catch (IOException e) {
                        all.completeExceptionally(e);
                    }
                },
                "jar-process-" + name);
        reader.setDaemon(true);
        reader.start();
        return all;
    }
}
