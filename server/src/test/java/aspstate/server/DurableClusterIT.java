package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.core.testing.LoopbackPorts;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three durable {@code serve} processes ({@code --data-dir} each) in one cluster: a node killed and restarted while
 * the others serve merges its journal in without resurrecting what was deleted or overwritten meanwhile; the whole
 * cluster stopped with {@code aspstate cluster-stop} and started again has every session of every kind back. How the
 * whole cluster's crashes and stops keep every acknowledged write is {@link ClusterJournalIT}'s.
 */
class DurableClusterIT {
    private static final String APP = "/LM/W3SVC/1/ROOT/app/";

    @TempDir
    Path directory;

    private final List<ServeNode> nodes = new ArrayList<>();
    private String members;
    private String name;

    @AfterEach
    void stop() {
        nodes.forEach(ServeNode::close);
    }

    private void startThreeNodes() throws Exception {
        List<Integer> ports = List.of(LoopbackPorts.free(), LoopbackPorts.free(), LoopbackPorts.free());
        members = "127.0.0.1:" + ports.get(0) + ",127.0.0.1:" + ports.get(1) + ",127.0.0.1:" + ports.get(2);
        name = "durable-" + ports.get(0);
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
                                    name,
                                    "--data-dir",
                                    directory.resolve("node" + i).toString(),
                                    "--fsync",
                                    "off"))
                    .start());
        }
        for (ServeNode node : nodes) {
            node.awaitReady();
        }
    }

    private static StateServerResponse await(CompletableFuture<StateServerResponse> answer) throws Exception {
        return answer.get(30, TimeUnit.SECONDS);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theWholeClusterStoppedAndStartedAgainHasEverySessionOfEveryKindBack() throws Exception {
        startThreeNodes();
        int count = 60;
        for (int i = 0; i < 3; i++) {
            try (StateServerConnection client = nodes.get(i).client();
                    Connection sql = nodes.get(i).sql()) {
                for (int s = i; s < count; s += 3) {
                    assertThat(await(client.set(APP + s, bytes("session " + s), 20, null))
                                    .isOk())
                            .isTrue();
                    AspStateJdbc.insertShort(sql, String.format("sql%021d0000002a", s), bytes("sql " + s), 20);
                    AspStateJdbc.addItem(sql, "sp-" + s, bytes("sp " + s), 20);
                }
            }
        }
        try (StateServerConnection client = nodes.get(0).client();
                Connection sql = nodes.get(1).sql()) {
            assertThat(await(client.getExclusive(APP + "0")).lockCookie()).isEqualTo(2);
            assertThat(AspStateJdbc.get3(sql, String.format("sql%021d0000002a", 0), true)
                            .lockCookie())
                    .isEqualTo(2);
        }

        JarProcess stop = JarProcess.start("cluster-stop", "--cluster-members", members, "--cluster-name", name);
        try (stop) {
            assertThat(stop.awaitExit()).isZero();
            assertThat(stop.stdoutLines())
                    .singleElement()
                    .asString()
                    .startsWith("cluster " + name + " is stopping: 127.0.0.1:")
                    .endsWith(" took the request");
        }
        for (ServeNode node : nodes) {
            assertThat(node.process().awaitExit())
                    .as("every node stops by itself, exit code 0")
                    .isZero();
            assertThat(node.process().stderrLines())
                    .anySatisfy(line -> assertThat(line)
                            .endsWith("the whole cluster was stopped (aspstate cluster-stop); stopping"));
        }
        // One at a time: the first ones wait for the others before they serve (none serves: the whole cluster stopped).
        for (ServeNode node : nodes) {
            node.start();
        }
        for (ServeNode node : nodes) {
            node.awaitReady();
        }

        for (int i = 0; i < 3; i++) {
            try (StateServerConnection client = nodes.get(i).client();
                    Connection sql = nodes.get(i).sql()) {
                for (int s = 1; s < count; s++) {
                    assertThat(await(client.get(APP + s)).data())
                            .as("session %d through node %d", s, i)
                            .isEqualTo(bytes("session " + s));
                    assertThat(AspStateJdbc.get3(sql, String.format("sql%021d0000002a", s), false)
                                    .item())
                            .isEqualTo(bytes("sql " + s));
                    assertThat(AspStateJdbc.getItem(sql, "sp-" + s, false).item())
                            .isEqualTo(bytes("sp " + s));
                }
                StateServerResponse locked = await(client.get(APP + "0"));
                assertThat(locked.isLocked()).isTrue();
                assertThat(locked.lockCookie()).isEqualTo(2);
                assertThat(AspStateJdbc.get3(sql, String.format("sql%021d0000002a", 0), false)
                                .lockCookie())
                        .isEqualTo(2);
            }
        }
        for (ServeNode node : nodes) {
            assertThat(node.process().stderrSoFar())
                    .as("a start after cluster-stop is a normal path: no warning")
                    .noneMatch(line -> line.contains(" WARN "));
        }
    }

    /**
     * The killed node's journal holds every key, some since deleted and the others since overwritten by the running
     * cluster: merged in as it rejoins, none of its copies wins.
     */
    @Test
    void aNodeKilledAndRestartedDoesNotBringBackWhatWasDeletedMeanwhile() throws Exception {
        startThreeNodes();
        try (StateServerConnection client = nodes.get(0).client()) {
            for (int s = 0; s < 40; s++) {
                assertThat(await(client.set(APP + "k" + s, bytes("v" + s), 20, null))
                                .isOk())
                        .isTrue();
            }
        }
        nodes.get(2).kill();
        try (StateServerConnection client = nodes.get(1).client()) {
            for (int s = 0; s < 40; s += 2) {
                assertThat(await(client.remove(APP + "k" + s, null)).isOk()).isTrue();
            }
            for (int s = 1; s < 40; s += 2) {
                assertThat(await(client.set(APP + "k" + s, bytes("v" + s + " updated"), 20, null))
                                .isOk())
                        .isTrue();
            }
        }

        nodes.get(2).start().awaitReady();

        assertThat(nodes.get(2).process().stderrSoFar())
                .anySatisfy(line -> assertThat(line)
                        .contains("restored from " + directory.resolve("node2"))
                        .contains(", 0 of them newer than the " + "cluster's copies"));
        for (int i = 0; i < 3; i++) {
            try (StateServerConnection client = nodes.get(i).client()) {
                for (int s = 0; s < 40; s++) {
                    StateServerResponse get = await(client.get(APP + "k" + s));
                    if (s % 2 == 0) {
                        assertThat(get.isNotFound())
                                .as("deleted k%d stays deleted, through node %d", s, i)
                                .isTrue();
                    } else {
                        assertThat(get.data()).isEqualTo(bytes("v" + s + " updated"));
                    }
                }
            }
        }
    }
}
