package aspstate.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A client program run to completion as a subprocess, within a time limit: stdin is given text, stdout and stderr
 * go to files (so the child never blocks on a full pipe and no reader threads are needed). A child still running
 * at the limit is killed through its own handle and the run fails, showing what it had printed.
 */
final class BoundedProcess {
    /** How long a killed child may take to be gone. */
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);

    record Result(int exitCode, List<String> stdout, String stderr) {}

    private BoundedProcess() {}

    /** @param environment variables set for the child on top of this process's own */
    static Result run(List<String> command, Map<String, String> environment, String stdin, Duration limit)
            throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("aspstate-client-");
        try {
            Path in = Files.writeString(dir.resolve("stdin"), stdin, StandardCharsets.UTF_8);
            Path out = dir.resolve("stdout");
            Path err = dir.resolve("stderr");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectInput(in.toFile())
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.toHandle().destroyForcibly();
                process.waitFor(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
                throw new AssertionError(command.get(0) + " still running after " + limit.toSeconds()
                        + "s, killed; stdout: " + Files.readString(out) + "\nstderr: " + Files.readString(err));
            }
            return new Result(
                    process.exitValue(),
                    Files.readAllLines(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            deleteRecursively(dir);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
