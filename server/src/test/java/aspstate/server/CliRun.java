package aspstate.server;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine;

/**
 * One in-process run of the command line, with stdout and stderr captured. {@code serve} does not start a
 * server here: the launcher records the checked options and returns 0.
 */
record CliRun(int exitCode, String out, String err, ServeOptions options) {
    /** The heap the runs pretend to have, so that --max-memory auto is predictable: auto = 2 GiB. */
    static final long HEAP_MAX_BYTES = 4L << 30;

    static CliRun run(String... args) {
        return runWithStdin("", args);
    }

    /** A run whose stdin holds {@code stdin} (UTF-8). */
    static CliRun runWithStdin(String stdin, String... args) {
        return run(HEAP_MAX_BYTES, stdin, args);
    }

    private static CliRun run(long heapMaxBytes, String stdin, String... args) {
        AtomicReference<ServeOptions> launched = new AtomicReference<>();
        CommandLine commandLine = Main.commandLine(
                options -> {
                    launched.set(options);
                    return 0;
                },
                heapMaxBytes,
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new CliRun(exitCode, out.toString(), err.toString(), launched.get());
    }

    /**
     * Runs {@code serve} with these options up to the point of serving. The admin listener gets a free port unless
     * the test names one: tests run side by side, and the default port would be taken by the first.
     */
    static ServeOptions serve(String... args) {
        return serveWithHeap(HEAP_MAX_BYTES, args);
    }

    /** {@link #serve}, in a JVM whose maximum heap is {@code heapMaxBytes}. */
    static ServeOptions serveWithHeap(long heapMaxBytes, String... args) {
        List<String> all = new ArrayList<>(List.of("serve"));
        if (!List.of(args).contains("--admin-port")) {
            all.addAll(List.of("--admin-port", "0"));
        }
        all.addAll(List.of(args));
        CliRun run = run(heapMaxBytes, "", all.toArray(String[]::new));
        if (run.exitCode() != 0 || run.options() == null) {
            throw new AssertionError(
                    "serve " + String.join(" ", args) + " failed with " + run.exitCode() + ": " + run.err());
        }
        return run.options();
    }

    List<String> errLines() {
        return err.lines().toList();
    }
}
