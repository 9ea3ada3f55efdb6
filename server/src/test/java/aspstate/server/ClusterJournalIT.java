package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.testing.Await;
import aspstate.core.testing.LoopbackPorts;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three durable {@code serve} processes in one cluster under a write load of the acknowledged-write checker, stopped
 * every way a cluster stops: all three killed at once ({@code kill -9}, a power cut of the rack), all three sent
 * SIGTERM at once ({@code systemctl stop} everywhere), one of three killed. After the restart, every session holds
 * at least its acknowledged version, through every node, and never a version that was not sent.
 */
class ClusterJournalIT {
    /** Three JVMs and the writers share two cores: a CI machine under other load is slower than a quiet one. */
    private static final Duration LOADED = Duration.ofSeconds(60);

    @TempDir
    Path directory;

    private final List<ServeNode> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        nodes.forEach(ServeNode::close);
    }

    private void startThreeNodes() throws Exception {
        List<Integer> ports = List.of(LoopbackPorts.free(), LoopbackPorts.free(), LoopbackPorts.free());
        String members = "127.0.0.1:" + ports.get(0) + ",127.0.0.1:" + ports.get(1) + ",127.0.0.1:" + ports.get(2);
        for (int i = 0; i < 3; i++) {
            nodes.add(new ServeNode(
                            List.of(),
                            InetAddress.getByName("127.0.0.1"),
                            List.of(
                                    "--cluster-members",
                                    members,
                                    "--cluster-port",
                                    "" + ports.get(i),
                                    "--cluster-name",
                                    "journal-" + ports.get(0),
                                    "--data-dir",
                                    directory.resolve("node" + i).toString(),
                                    "--tds-port",
                                    "off"))
                    .start());
        }
        for (ServeNode node : nodes) {
            node.awaitReady();
        }
    }

    private List<InetSocketAddress> addresses() {
        return nodes.stream().map(ServeNode::stateServer).toList();
    }

    /** Loads the cluster, stops the nodes {@code stopping} names with {@code stop}, starts them again and checks. */
    private void noAcknowledgedWriteIsLost(String how, List<Integer> stopping, Consumer<ServeNode> stop)
            throws Exception {
        startThreeNodes();
        try (AcknowledgedWrites writes = new AcknowledgedWrites(addresses(), 24, 20)) {
            Await.until("1,500 writes acknowledged", LOADED, () -> writes.acknowledgedWrites() >= 1_500);
            for (int index : stopping) {
                stop.accept(nodes.get(index));
            }
            if (stopping.size() < nodes.size()) {
                // The survivors go on serving; the writers on the stopped node's connections are done.
                Await.until("3,000 writes acknowledged", LOADED, () -> writes.acknowledgedWrites() >= 3_000);
            }
            writes.close();
            for (int index : stopping) {
                nodes.get(index).process().awaitExit();
            }
            for (int index : stopping) {
                nodes.get(index).start();
            }
            for (int index : stopping) {
                nodes.get(index).awaitReady();
            }
            AcknowledgedWrites.Check check = writes.check(addresses());
            System.out.printf(
                    "%s: %,d writes acknowledged to %,d sessions, %d lost%n",
                    how,
                    writes.acknowledgedWrites(),
                    check.sessions(),
                    check.problems().size());
            assertThat(check.problems()).isEmpty();
        }
    }

    /** {@code kill -9}, without waiting: the next node is killed at once too. */
    private static void kill(ServeNode node) {
        ProcessHandle.of(node.process().pid()).ifPresent(ProcessHandle::destroyForcibly);
    }

    @Test
    void allThreeKilledAtOnceUnderLoadLoseNoAcknowledgedWrite() throws Exception {
        noAcknowledgedWriteIsLost("three nodes killed at once", List.of(0, 1, 2), ClusterJournalIT::kill);
    }

    @Test
    void allThreeSentSigtermAtOnceUnderLoadLoseNoAcknowledgedWrite() throws Exception {
        noAcknowledgedWriteIsLost("three nodes sent SIGTERM at once", List.of(0, 1, 2), ServeNode::terminate);
    }

    @Test
    void oneOfThreeKilledUnderLoadLosesNoAcknowledgedWrite() throws Exception {
        noAcknowledgedWriteIsLost("one of three nodes killed", List.of(1), ClusterJournalIT::kill);
    }
}
