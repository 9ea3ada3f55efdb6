package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.client.StateServerConnection;
import aspstate.client.StateServerResponse;
import aspstate.core.testing.Await;
import aspstate.core.testing.LoopbackPorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One durable node's journal, on the built jar: {@code kill -9} under a write load loses no acknowledged write, a
 * full disk (a small tmpfs) refuses changes while reads go on and nothing acknowledged is lost, and a directory that
 * cannot be written stops the start with one line.
 */
class JournalIT {
    private static final String APP = "/LM/W3SVC/1/ROOT/full/";

    @TempDir
    Path temp;

    private final List<ServeNode> nodes = new ArrayList<>();
    private final List<Runnable> cleanups = new ArrayList<>();

    @AfterEach
    void stop() {
        nodes.forEach(ServeNode::close);
        cleanups.forEach(Runnable::run);
    }

    private ServeNode node(Path directory, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("--data-dir", directory.toString(), "--tds-port", "off"));
        all.addAll(List.of(args));
        ServeNode node = new ServeNode(List.of(), InetAddress.getByName("127.0.0.1"), all);
        nodes.add(node);
        return node;
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0)
                .as("%s: %s", String.join(" ", command), output)
                .isTrue();
    }

    /**
     * The journal is rewritten all along (its smallest thresholds: 1 MiB and a tenth of the base, about every 3,500
     * writes here), so that the kill finds rewrites done and may find one under way.
     */
    private void killedUnderLoadLosesNothingAcknowledged(String fsync) throws Exception {
        Path data = temp.resolve("data");
        ServeNode node = node(
                        data, "--fsync", fsync, "--journal-rewrite-min-size", "1MiB", "--journal-rewrite-growth", "10")
                .start()
                .awaitReady();
        long acknowledged;
        try (AcknowledgedWrites writes = new AcknowledgedWrites(List.of(node.stateServer()), 32, 20)) {
            Await.until(
                    "10,000 writes acknowledged and the journal rewritten into a base",
                    () -> writes.acknowledgedWrites() >= 10_000 && rewritten(data));
            node.kill();
            writes.awaitStopped();
            acknowledged = writes.acknowledgedWrites();
            node.start().awaitReady();
            AcknowledgedWrites.Check check = writes.check(List.of(node.stateServer()));
            System.out.printf(
                    "kill -9, one node, --fsync %s: %,d writes acknowledged to %,d sessions, %d lost%n",
                    fsync, acknowledged, check.sessions(), check.problems().size());
            assertThat(check.problems()).isEmpty();
        }
    }

    /** Whether the journal's manifest names a base: a rewrite has been installed. */
    private static boolean rewritten(Path data) {
        try {
            List<String> manifest = Files.readAllLines(data.resolve("MANIFEST"));
            return manifest.size() > 1 && manifest.get(1).startsWith("base ");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void kill9UnderAWriteLoadLosesNoAcknowledgedWrite() throws Exception {
        killedUnderLoadLosesNothingAcknowledged("always");
    }

    @Test
    void kill9WithEverysecLosesNoAcknowledgedWriteEither() throws Exception {
        killedUnderLoadLosesNothingAcknowledged("everysec");
    }

    /** A small tmpfs of the test's own, filled up with a file of the test's, then emptied again. */
    private Path smallDisk(String options) throws IOException, InterruptedException {
        Path mount = Files.createDirectory(temp.resolve("disk"));
        run("mount", "-t", "tmpfs", "-o", options, "tmpfs", mount.toString());
        cleanups.add(() -> {
            try {
                run("umount", "-l", mount.toString());
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        return mount;
    }

    private static int ready(int adminPort) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + "/health/ready"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        return response.statusCode();
    }

    private static String metrics(int adminPort) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + "/metrics"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    /** One write on a connection of its own: its answer, or null when the connection closed unanswered. */
    private static CompletableFuture<StateServerResponse> write(ServeNode node, String key, int size)
            throws IOException {
        StateServerConnection client = node.client();
        CompletableFuture<StateServerResponse> answer = client.set(key, data(key, size), 20, null);
        answer.whenComplete((response, failure) -> client.close());
        return answer;
    }

    private static byte[] data(String key, int size) {
        byte[] data = new byte[size];
        for (int i = 0; i < size; i++) {
            data[i] = (byte) (key.hashCode() + i);
        }
        return data;
    }

    /**
     * With {@code everysec} the disk has room for the first segment and one made ahead (16 MiB each): records copied
     * into their mapped pages use space they already have, so the disk refuses the first write that needs a third.
     */
    @ParameterizedTest
    @ValueSource(strings = {"always", "everysec"})
    void aFullDiskRefusesChangesKeepsReadsAndLosesNothingAcknowledged(String fsync) throws Exception {
        boolean always = fsync.equals("always");
        Path disk = smallDisk(always ? "size=8m" : "size=40m");
        int size = always ? 4096 : 16384;
        int adminPort = LoopbackPorts.free();
        ServeNode node = node(disk.resolve("data"), "--admin-port", "" + adminPort, "--fsync", fsync)
                .start()
                .awaitReady();
        if (!always) {
            Await.until("the next segment listed ahead", () -> listsASegmentAhead(disk.resolve("data")));
        }
        Path filler = disk.resolve("filler");
        run("fallocate", "-l", (Files.getFileStore(disk).getUsableSpace() - 256 * 1024) + "", filler.toString());

        List<String> acknowledged = new ArrayList<>();
        CompletableFuture<StateServerResponse> held = null;
        for (int i = 0; i < 10_000 && held == null; i++) {
            String key = APP + i;
            CompletableFuture<StateServerResponse> answer = write(node, key, size);
            try {
                assertThat(answer.get(3, TimeUnit.SECONDS).isOk()).isTrue();
                acknowledged.add(key);
            } catch (TimeoutException e) {
                held = answer;
            }
        }
        assertThat(held).as("a write met the full disk and waits").isNotNull();
        Await.until("/health/ready says 503", () -> {
            try {
                return ready(adminPort) == 503;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(write(node, APP + "refused", size))
                .as("changes are refused: the connection closes")
                .failsWithin(10, TimeUnit.SECONDS)
                .withThrowableOfType(ExecutionException.class);
        assertThat(metrics(adminPort)).contains("aspstate_journal_writing 0.0");
        try (StateServerConnection client = node.client()) {
            for (String key : acknowledged) {
                assertThat(client.get(key).get(10, TimeUnit.SECONDS).data())
                        .as("read while full: %s", key)
                        .isEqualTo(data(key, size));
            }
        }

        Files.delete(filler);
        assertThat(held.get(10, TimeUnit.SECONDS).isOk())
                .as("the held write goes through with space")
                .isTrue();
        Await.until("/health/ready says 200", () -> {
            try {
                return ready(adminPort) == 200;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(write(node, APP + "after", size).get(10, TimeUnit.SECONDS).isOk())
                .isTrue();
        assertThat(metrics(adminPort))
                .contains("aspstate_journal_writing 1.0")
                .doesNotContain("aspstate_journal_failures_total 0.0");
        System.out.printf(
                "full disk, --fsync %s: %d writes acknowledged before it filled, 1 held and answered once space "
                        + "returned, the rest refused; reads answered meanwhile%n",
                fsync, acknowledged.size());

        node.kill();
        node.start().awaitReady();
        acknowledged.add(APP + (acknowledged.size()));
        acknowledged.add(APP + "after");
        try (StateServerConnection client = node.client()) {
            for (String key : acknowledged) {
                assertThat(client.get(key).get(10, TimeUnit.SECONDS).data())
                        .as("after the restart: %s", key)
                        .isEqualTo(data(key, size));
            }
            assertThat(client.get(APP + "refused").get(10, TimeUnit.SECONDS).isNotFound())
                    .isTrue();
        }
    }

    /** Whether the journal's manifest lists the next segment, made ahead ({@code segment NAME ahead}). */
    private static boolean listsASegmentAhead(Path directory) {
        try {
            return Files.readAllLines(directory.resolve("MANIFEST")).stream()
                    .anyMatch(line -> line.startsWith("segment ") && line.endsWith(" ahead"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void startStopsWithOneLine(Path directory, String cause) throws Exception {
        JarProcess serve = JarProcess.start(
                "serve",
                "--stateserver-port",
                "0",
                "--tds-port",
                "off",
                "--admin-port",
                "off",
                "--data-dir",
                directory.toString());
        try (serve) {
            assertThat(serve.awaitExit()).isEqualTo(2);
            assertThat(serve.stderrLines())
                    .hasSize(1)
                    .first()
                    .asString()
                    .startsWith("aspstate: --data-dir " + directory + ": ")
                    .endsWith(cause);
        }
    }

    @Test
    void anImmutableOrReadOnlyDirectoryStopsTheStartWithOneLineAndExitCode2() throws Exception {
        Path immutable = Files.createDirectory(temp.resolve("immutable"));
        run("chattr", "+i", immutable.toString());
        cleanups.add(() -> {
            try {
                run("chattr", "-i", immutable.toString());
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        startStopsWithOneLine(immutable, "Operation not permitted");

        Path readOnly = smallDisk("size=1m,ro");
        startStopsWithOneLine(readOnly, "Read-only file system");
    }
}
