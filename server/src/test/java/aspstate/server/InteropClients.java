package aspstate.server;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Where the real clients of the interop tests are. The build installs them (install-interop-clients.sh, run by
 * Maven before the tests), so a missing client fails the test, naming the script, instead of skipping it.
 */
final class InteropClients {
    private static final String INSTALL_HINT =
            "run server/install-interop-clients.sh (mvn verify runs it before the tests; apt needs root)";

    private InteropClients() {}

    /** FreeTDS's command-line client, from Debian's freetds-bin. */
    static Path tsql() {
        return onPath("tsql");
    }

    /** Mono's C# compiler, from Debian's mono-mcs. */
    static Path mcs() {
        return onPath("mcs");
    }

    /** Mono's runtime, which runs the SqlClient program. */
    static Path mono() {
        return onPath("mono");
    }

    static Path node() {
        return onPath("node");
    }

    /** tedious-client.js, next to the node_modules the script installs tedious into. */
    static Path tediousScript() {
        Path dir = nodeDir();
        if (!Files.isRegularFile(dir.resolve("node_modules/tedious/package.json"))) {
            throw new AssertionError("tedious is not installed in " + dir.toAbsolutePath() + ": " + INSTALL_HINT);
        }
        return dir.resolve("tedious-client.js");
    }

    /** dashboard-check.js, next to the node_modules the script installs playwright-core into. */
    static Path dashboardScript() {
        Path dir = nodeDir();
        if (!Files.isRegularFile(dir.resolve("node_modules/playwright-core/package.json"))
                || !Files.isExecutable(Path.of("/usr/bin/chromium"))) {
            throw new AssertionError("playwright-core or Debian's chromium is not installed: " + INSTALL_HINT);
        }
        return dir.resolve("dashboard-check.js");
    }

    /** dashboard-axis-check.js, which needs node alone. */
    static Path dashboardAxisScript() {
        return nodeDir().resolve("dashboard-axis-check.js");
    }

    /** Where the tests' node scripts are, and the modules the install script puts beside them. */
    private static Path nodeDir() {
        return Path.of(System.getProperty("aspstate.interopNodeDir", "src/test/node"));
    }

    private static Path onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        return Arrays.stream(path.split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, program))
                .filter(Files::isExecutable)
                .findFirst()
                .orElseThrow(() -> new AssertionError(program + " is not on the PATH (" + path + "): " + INSTALL_HINT));
    }
}
