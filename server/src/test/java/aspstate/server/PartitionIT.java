package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three nodes, each in a network namespace of its own (so cluster traffic leaves loopback: mutual TLS from
 * --cluster-secret), and node 3 cut off from the other two by the network. What the README promises: the majority
 * side keeps serving every session; the minority side refuses every request (the StateServer connection closes
 * unanswered), so no session can get a second lock holder; after the partition heals, the minority side is
 * refilled from the majority, and no session is lost or locked twice.
 */
class PartitionIT {
    private static final String SECRET = "partition-test-secret-0123456789";
    private static final long SECONDS = 60;

    private TestNetwork network;
    private final List<ServeNode> nodes = new ArrayList<>();

    @AfterEach
    void tearDown() {
        nodes.forEach(ServeNode::close);
        if (network != null) {
            network.close();
        }
    }

    /** The answer; a refusal fails the test with every node's log, which is what says why. */
    private StateServerResponse await(CompletableFuture<StateServerResponse> answer) throws Exception {
        try {
            return answer.get(SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError("no answer; the nodes logged:\n" + logs(), e);
        }
    }

    private String logs() {
        StringBuilder all = new StringBuilder();
        for (int n = 0; n < nodes.size(); n++) {
            all.append("--- node ").append(n + 1).append('\n');
            nodes.get(n)
                    .process()
                    .stderrSoFar()
                    .forEach(line -> all.append(line).append('\n'));
        }
        return all.toString();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theMajorityServesTheMinorityRefusesAndAfterHealingNoSessionIsLostOrLockedTwice() throws Exception {
        network = TestNetwork.create(3);
        String members = network.address(1).getHostAddress() + ":7800,"
                + network.address(2).getHostAddress() + ":7800,"
                + network.address(3).getHostAddress() + ":7800";
        for (int host = 1; host <= 3; host++) {
            String address = network.address(host).getHostAddress();
            nodes.add(new ServeNode(
                            network.prefix(host),
                            network.address(host),
                            List.of(
                                    "--bind",
                                    address,
                                    "--allow",
                                    network.subnetCidr(),
                                    "--tds-port",
                                    "off",
                                    "--cluster-members",
                                    members,
                                    "--cluster-secret",
                                    SECRET,
                                    "--cluster-name",
                                    "partition"))
                    .start());
        }
        for (ServeNode node : nodes) {
            node.awaitReady();
        }
        int sessions = 30;
        int lockCookie;
        try (StateServerConnection client = nodes.get(0).client()) {
            for (int s = 0; s < sessions; s++) {
                assertThat(await(client.set("/p/" + s, bytes("v" + s), 20, null))
                                .isOk())
                        .isTrue();
            }
            assertThat(await(client.set("/p/locked-before", bytes("held"), 20, null))
                            .isOk())
                    .isTrue();
            lockCookie = await(client.getExclusive("/p/locked-before")).lockCookie();
        }
        assertThat(lockCookie).isEqualTo(2);

        network.isolate(3);
        awaitLog(nodes.get(0), line -> line.contains("cluster changed: 2 member(s)"));
        awaitLog(nodes.get(2), line -> line.contains("cluster changed: 1 member(s)"));

        try (StateServerConnection client = nodes.get(2).client()) {
            assertThat(unanswered(client.getExclusive("/p/locked-before")))
                    .as("the minority side neither locks nor answers")
                    .isTrue();
        }
        try (StateServerConnection client = nodes.get(2).client()) {
            assertThat(unanswered(client.set("/p/1", bytes("minority write"), 20, null)))
                    .isTrue();
        }
        try (StateServerConnection client = nodes.get(1).client()) {
            for (int s = 0; s < sessions; s++) {
                assertThat(await(client.get("/p/" + s)).data())
                        .as("the majority serves /p/%d", s)
                        .isEqualTo(bytes("v" + s));
            }
            assertThat(await(client.set("/p/1", bytes("majority write"), 20, null))
                            .isOk())
                    .isTrue();
            assertThat(await(client.releaseExclusive("/p/locked-before", lockCookie))
                            .isOk())
                    .isTrue();
            assertThat(await(client.getExclusive("/p/locked-before")).lockCookie())
                    .as("the majority locks it again")
                    .isEqualTo(3);
        }

        network.heal(3);
        awaitLog(
                nodes.get(2),
                line -> line.contains("merged after a partition") || line.contains("cluster changed: 3 member(s)"));
        awaitServing(nodes.get(2), "/p/0");

        for (ServeNode node : nodes) {
            try (StateServerConnection client = node.client()) {
                for (int s = 0; s < sessions; s++) {
                    StateServerResponse get = await(client.get("/p/" + s));
                    assertThat(get.isOk())
                            .as("/p/%d after healing, through %s", s, node.stateServer())
                            .isTrue();
                    assertThat(get.data()).isEqualTo(bytes(s == 1 ? "majority write" : "v" + s));
                }
                StateServerResponse locked = await(client.get("/p/locked-before"));
                assertThat(locked.isLocked()).isTrue();
                assertThat(locked.lockCookie()).as("one lock, the majority's").isEqualTo(3);
            }
        }
        try (StateServerConnection client = nodes.get(2).client()) {
            assertThat(await(client.getExclusive("/p/locked-before")).isLocked())
                    .as("the healed minority cannot take the majority's lock")
                    .isTrue();
        }
    }

    /** The connection closes without an answer (a minority node refuses), within the wait. */
    private static boolean unanswered(CompletableFuture<StateServerResponse> answer) throws Exception {
        try {
            StateServerResponse response = answer.get(SECONDS, TimeUnit.SECONDS);
            throw new AssertionError("the minority side answered " + response.status());
        } catch (ExecutionException e) {
            return true;
        }
    }

    private static void awaitLog(ServeNode node, Predicate<String> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
        while (node.process().stderrSoFar().stream().noneMatch(wanted)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not logged within " + SECONDS + " s; log: "
                        + node.process().stderrSoFar());
            }
            Thread.sleep(100);
        }
    }

    /** Waits until the node answers the key (after a merge it refuses until it has its data back). */
    private static void awaitServing(ServeNode node, String key) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
        while (true) {
            try (StateServerConnection client = node.client()) {
                if (client.get(key).get(SECONDS, TimeUnit.SECONDS).isOk()) {
                    return;
                }
            } catch (ExecutionException e) {
                // still refusing: try again
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(node.stateServer() + " does not serve " + key + " within " + SECONDS + " s");
            }
            Thread.sleep(200);
        }
    }
}
