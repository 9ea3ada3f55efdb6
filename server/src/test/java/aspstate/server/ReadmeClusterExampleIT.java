package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The README's "Trying it on one machine" block, run as it stands: its commands through bash from the repository's
 * root, in a network namespace of the test's own, so that the fixed ports it names meet nothing else on this
 * machine. Every node must print its startup line as a member of the cluster and answer on its admin port; the
 * nodes are then ended by their PIDs, which bash's {@code jobs -p} gives after the block.
 */
@Timeout(240)
class ReadmeClusterExampleIT {
    private static final Path README = Path.of("..", "README.md");
    private static final String HEADING = "Trying it on one machine";
    private static final long READY_SECONDS = 150;
    private static final long STOP_SECONDS = 60;

    @Test
    void theThreeNodesOfTheReadmeStartAsOneCluster() throws Exception {
        String block = shellBlockAfter(HEADING);
        List<String> adminPorts = find(block, "--admin-port (\\d+)");
        assertThat(adminPorts).as("every node names its admin port").hasSize(3);

        try (TestNetwork network = TestNetwork.create(1)) {
            List<String> command = new ArrayList<>(network.prefix(1));
            command.addAll(
                    List.of("bash", "-c", "cd '" + Path.of("..").toRealPath() + "'\n" + block + "\njobs -p\nwait\n"));
            try (JarProcess shell = JarProcess.launch(command, Map.of())) {
                List<Long> pids = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    pids.add(Long.parseLong(shell.awaitStdoutLine().trim()));
                }
                try {
                    List<String> ready = awaitReadyLines(shell, pids);
                    assertThat(ready)
                            .allSatisfy(line -> assertThat(line)
                                    .contains("store cluster aspstate (node 127.0.0.1:780")
                                    .contains("members 127.0.0.1:7800,127.0.0.1:7801,127.0.0.1:7802"));
                    assertThat(String.join("\n", ready))
                            .contains(adminPorts.stream()
                                    .map(port -> "admin on http://127.0.0.1:" + port + "/")
                                    .toList());

                    try (JarProcess stats = JarProcess.start(
                            network.prefix(1), "stats", "--admin", "http://127.0.0.1:" + adminPorts.get(1) + "/")) {
                        assertThat(stats.awaitExit())
                                .as(String.join("\n", stats.stderrLines()))
                                .isZero();
                        assertThat(String.join("\n", stats.stdoutLines()))
                                .contains("ready")
                                .contains("127.0.0.1:7800", "127.0.0.1:7801", "127.0.0.1:7802");
                    }
                } finally {
                    stopAll(pids);
                }
                assertThat(shell.awaitExit()).isZero();
                assertThat(shell.stderrLines()).noneMatch(line -> line.contains("ERROR"));
            }
        }
    }

    /** One startup line per node; fails as soon as a node is gone before its line, with what the nodes said. */
    private static List<String> awaitReadyLines(JarProcess shell, List<Long> pids) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
        List<String> ready = new ArrayList<>();
        while (ready.size() < pids.size()) {
            assertThat(System.nanoTime())
                    .as("every node ready within %ds; so far %s; stderr: %s", READY_SECONDS, ready, shell.stderrSoFar())
                    .isLessThan(deadline);
            String line = shell.pollStdoutLine(200);
            if (line != null && line.contains(" ready: ")) {
                ready.add(line);
            } else if (line == null) {
                assertThat(pids)
                        .as("nodes still running; stderr: %s", shell.stderrSoFar())
                        .allMatch(pid -> ProcessHandle.of(pid)
                                .map(ProcessHandle::isAlive)
                                .orElse(false));
            }
        }
        return ready;
    }

    /** SIGTERM to each node, as an operator would stop it, then a bounded wait until every one is gone. */
    private static void stopAll(List<Long> pids) throws Exception {
        List<ProcessHandle> nodes =
                pids.stream().map(ProcessHandle::of).flatMap(Optional::stream).toList();
        nodes.forEach(ProcessHandle::destroy);
        for (ProcessHandle node : nodes) {
            node.onExit().get(STOP_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** The first ```sh block after the line that holds {@code heading}, without its fences. */
    private static String shellBlockAfter(String heading) throws Exception {
        String readme = Files.readString(README, StandardCharsets.UTF_8);
        int at = readme.indexOf(heading);
        assertThat(at).as("README has \"%s\"", heading).isNotNegative();
        Matcher block = Pattern.compile("```sh\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertThat(block.find(at)).as("a ```sh block after \"%s\"", heading).isTrue();
        return block.group(1);
    }

    private static List<String> find(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        List<String> found = new ArrayList<>();
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }
}
