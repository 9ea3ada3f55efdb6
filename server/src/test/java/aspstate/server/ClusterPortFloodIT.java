package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.core.testing.LoopbackPorts;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jgroups.Version;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two nodes on loopback, and 600 connections (over four times the cap of 128) to one node's cluster port, each
 * sending the handshake of a JGroups node with an address made up for it and staying open. Without caps the node
 * took a thread and 128 KiB for each (2,000 of them: 40 to 1,700 threads, then OutOfMemoryError, exit 70, at a 256
 * MiB heap). With them it stays up with a bounded number of threads, and the cluster serves: a session written
 * through one node is read through the other.
 */
@Timeout(180)
class ClusterPortFloodIT {
    private static final String SECRET = "a-cluster-secret-of-32-characters";

    private final List<ServeNode> nodes = new ArrayList<>();
    private final List<Socket> flood = new ArrayList<>();

    @AfterEach
    void stop() throws IOException {
        for (Socket socket : flood) {
            socket.close();
        }
        nodes.forEach(ServeNode::close);
    }

    @Test
    void aFloodOfMadeUpNodesLeavesANodeWithoutASecretUpAndServing() throws Exception {
        int[] ports = startTwoNodes(List.of());
        floodWithHandshakes(ports[0], 600);

        assertAliveAndServing();
        assertThat(threads(nodes.get(0))).as("threads of the flooded node").isLessThan(300);
        assertThat(nodes.get(0).process().stderrSoFar())
                .anySatisfy(line -> assertThat(line).contains("refused").contains("cluster connection(s) beyond"));
    }

    /**
     * With --cluster-secret such handshakes fail at TLS, before JGroups, and so do connections that send nothing:
     * each is closed within the handshake timeout, with grouped log lines.
     */
    @Test
    void aNodeWithASecretClosesTheFloodAtTheHandshake() throws Exception {
        int[] ports = startTwoNodes(List.of("--cluster-secret", SECRET, "--cluster-handshake-timeout", "500ms"));
        int before = nodes.get(0).process().stderrSoFar().size();
        for (int i = 0; i < 10; i++) {
            flood.add(new Socket(InetAddress.getLoopbackAddress(), ports[0])); // silent
        }
        floodWithHandshakes(ports[0], 300);

        assertAliveAndServing();
        assertThat(threads(nodes.get(0))).as("threads of the flooded node").isLessThan(300);
        List<String> logged = nodes.get(0).process().stderrSoFar();
        assertThat(logged.subList(before, logged.size()))
                .as("log lines for the flood")
                .hasSizeLessThan(20)
                .anySatisfy(line -> assertThat(line)
                        .contains("TLS handshake failed or took longer than " + "--cluster-handshake-timeout 500 ms"));
    }

    private int[] startTwoNodes(List<String> more) throws Exception {
        int[] ports = {LoopbackPorts.free(), LoopbackPorts.free()};
        String members = "127.0.0.1:" + ports[0] + ",127.0.0.1:" + ports[1];
        for (int port : ports) {
            List<String> args = new ArrayList<>(List.of(
                    "--tds-port",
                    "off",
                    "--cluster-members",
                    members,
                    "--cluster-port",
                    "" + port,
                    "--cluster-name",
                    "flood-" + ports[0]));
            args.addAll(more);
            nodes.add(new ServeNode(List.of(), InetAddress.getLoopbackAddress(), args).start());
        }
        for (ServeNode node : nodes) {
            node.awaitReady();
        }
        return ports;
    }

    /** Connections each sending a node's handshake (cookie, version, its address), left open. */
    private void floodWithHandshakes(int port, int count) {
        for (int i = 0; i < count; i++) {
            try {
                Socket socket = new Socket();
                flood.add(socket);
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2_000);
                socket.getOutputStream().write(handshake(i));
            } catch (IOException refusedOrReset) {
                // the node closed it: what the caps are for
            }
        }
    }

    /** What JGroups's TcpConnection sends first: "bela", its version, the length of its address, the address. */
    private static byte[] handshake(int made) throws IOException {
        ByteArrayOutputStream address = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(address);
        out.writeByte(4);
        out.write(new byte[] {10, (byte) (made >> 16), (byte) (made >> 8), (byte) made});
        out.writeShort(7800);
        ByteArrayOutputStream handshake = new ByteArrayOutputStream();
        DataOutputStream head = new DataOutputStream(handshake);
        head.write("bela".getBytes(StandardCharsets.US_ASCII));
        head.writeShort(Version.version);
        head.writeShort(address.size());
        head.write(address.toByteArray());
        return handshake.toByteArray();
    }

    /** Both nodes up; a session written through the flooded node is read through the other. */
    private void assertAliveAndServing() throws Exception {
        for (ServeNode node : nodes) {
            assertThat(node.process().isAlive()).isTrue();
        }
        byte[] value = "after the flood".getBytes(StandardCharsets.UTF_8);
        try (StateServerConnection writer = nodes.get(0).client();
                StateServerConnection reader = nodes.get(1).client()) {
            assertThat(writer.set("/LM/W3SVC/1/ROOT/flooded", value, 20, null)
                            .get(30, TimeUnit.SECONDS)
                            .isOk())
                    .isTrue();
            assertThat(reader.get("/LM/W3SVC/1/ROOT/flooded")
                            .get(30, TimeUnit.SECONDS)
                            .data())
                    .isEqualTo(value);
        }
    }

    private static long threads(ServeNode node) throws IOException {
        try (var tasks = Files.list(Path.of("/proc", "" + node.process().pid(), "task"))) {
            return tasks.count();
        }
    }
}
