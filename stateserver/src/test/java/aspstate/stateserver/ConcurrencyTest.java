package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** Spec: "Requests for one key are serialised: two connections acquiring the same key at once -> exactly one 200." */
class ConcurrencyTest {
    private static final int CONNECTIONS = 32;

    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    @RepeatedTest(3)
    void concurrentGetExclusiveFromThirtyTwoConnectionsHasExactlyOneWinner() throws Exception {
        List<StateServerConnection> clients = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(CONNECTIONS);
        try {
            for (int i = 0; i < CONNECTIONS; i++) {
                clients.add(server.client());
            }
            clients.get(0).set("contended", new byte[] {1}, 20, null).join();
            CyclicBarrier start = new CyclicBarrier(CONNECTIONS);
            List<Future<StateServerResponse>> answers = new ArrayList<>();
            for (StateServerConnection client : clients) {
                answers.add(threads.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    return client.getExclusive("contended").get(10, TimeUnit.SECONDS);
                }));
            }
            int winners = 0;
            int locked = 0;
            for (Future<StateServerResponse> answer : answers) {
                StateServerResponse response = answer.get(20, TimeUnit.SECONDS);
                if (response.isOk()) {
                    winners++;
                    assertThat(response.lockCookie()).isEqualTo(2);
                } else if (response.isLocked()) {
                    locked++;
                    assertThat(response.lockCookie())
                            .as("a 423 shows the holder's cookie")
                            .isEqualTo(2);
                }
            }
            assertThat(winners).isEqualTo(1);
            assertThat(locked).isEqualTo(CONNECTIONS - 1);
        } finally {
            threads.shutdownNow();
            clients.forEach(StateServerConnection::close);
        }
    }

    @Test
    void interleavedLockCyclesOnManyKeysLoseNoUpdate() throws Exception {
        int keys = 8;
        int cyclesPerClient = 200;
        List<StateServerConnection> clients = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            clients.add(server.client());
        }
        try {
            for (int k = 0; k < keys; k++) {
                clients.get(0).set("k" + k, new byte[] {0}, 20, null).join();
            }
            List<CompletableFuture<int[]>> runs = new ArrayList<>();
            for (int c = 0; c < clients.size(); c++) {
                StateServerConnection client = clients.get(c);
                int seed = c;
                runs.add(CompletableFuture.supplyAsync(() -> lockCycles(client, keys, cyclesPerClient, seed)));
            }
            int[] granted = new int[keys];
            for (CompletableFuture<int[]> run : runs) {
                int[] perKey = run.get(60, TimeUnit.SECONDS);
                for (int k = 0; k < keys; k++) {
                    granted[k] += perKey[k];
                }
            }
            // Each granted lock incremented its session's counter byte once, under the lock: none may be lost.
            for (int k = 0; k < keys; k++) {
                int counter = clients.get(0).get("k" + k).join().data()[0] & 0xFF;
                assertThat(counter).as("key k%d", k).isEqualTo(granted[k] % 256);
            }
        } finally {
            clients.forEach(StateServerConnection::close);
        }
    }

    /** Acquire, read-modify-write, release by Set; returns how many locks were granted per key. */
    private static int[] lockCycles(StateServerConnection client, int keys, int cycles, int seed) {
        int[] granted = new int[keys];
        for (int i = 0; i < cycles; i++) {
            int k = (i + seed) % keys;
            StateServerResponse lock = client.getExclusive("k" + k).join();
            if (!lock.isOk()) {
                continue;
            }
            granted[k]++;
            byte[] next = {(byte) (lock.data()[0] + 1)};
            StateServerResponse write =
                    client.set("k" + k, next, 20, lock.lockCookie()).join();
            if (!write.isOk()) {
                throw new AssertionError("lock holder's Set refused: " + write);
            }
        }
        return granted;
    }
}
