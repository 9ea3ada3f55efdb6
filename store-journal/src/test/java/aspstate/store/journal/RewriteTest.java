package aspstate.store.journal;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.stateserver.SessionEntry;
import aspstate.core.testing.Await;
import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Rewrites, which compact a cluster node's journal into a new base of every entry the node holds: here on a journal
 * started as a cluster node starts its own (its entries read through a snapshot), without a cluster.
 */
class RewriteTest {
    @TempDir
    Path directory;

    /** How the file system answers a base's direct writes. */
    enum DirectWrites {
        TAKEN,
        REFUSED_AT_OPEN,
        /** Opened for direct writes, and every write refused, as some file systems do. */
        REFUSED_AT_WRITE
    }

    /**
     * Bases are written past the page cache where the file system allows it, and through it where it refuses (as
     * tmpfs does, at the open, or others at the first write): every way, checked here, keeps every key.
     */
    @ParameterizedTest
    @EnumSource(DirectWrites.class)
    void rewritesKeepTheLastStateOfEveryKeyAndTheDiskBounded(DirectWrites directWrites) throws IOException {
        Path probe = Files.createFile(directory.resolve("probe"));
        try (FileChannel opened = FileChannel.open(probe, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT)) {
            assertThat(opened.isOpen()).isTrue();
        } catch (IOException e) {
            Assumptions.assumeFalse(
                    directWrites == DirectWrites.TAKEN, "the temporary directory's file system takes no direct writes");
        }
        Files.delete(probe);
        AtomicInteger direct = new AtomicInteger();
        ControlledChannel.Disk refusing = new ControlledChannel.Disk();
        refusing.writeFailure.set("Invalid argument");
        FileOpener files = (file, options) -> {
            if (!Arrays.asList(options).contains(ExtendedOpenOption.DIRECT)) {
                return FileChannel.open(file, options);
            }
            switch (directWrites) {
                case REFUSED_AT_OPEN -> throw new IOException("Invalid argument");
                case REFUSED_AT_WRITE -> {
                    direct.incrementAndGet();
                    return refusing.open(file, StandardOpenOption.WRITE);
                }
                default -> {
                    FileChannel opened = FileChannel.open(file, options);
                    direct.incrementAndGet();
                    return opened;
                }
            }
        };
        JournalSettings settings = new JournalSettings(directory, Fsync.OFF, 1 << 20, 100);
        Map<String, SessionEntry> held = new ConcurrentHashMap<>();
        JournalDirectory opened = JournalDirectory.open(settings, JournalFormat.SINGLE_NODE, files);
        Journal journal = opened.journal();
        journal.start(Map.of(StoreKind.STATESERVER, held::forEach), TurnEnd.NOW);
        int keys = 300;
        for (int round = 0; round < 30; round++) {
            for (int key = 0; key < keys; key++) {
                String name = "/app/s" + key;
                if (key % 7 == round % 7) {
                    held.remove(name);
                    kept(journal, journal.delete(StoreKind.STATESERVER, name));
                } else {
                    SessionEntry entry = SessionEntry.created(bytes(round), 20, false, System.currentTimeMillis());
                    held.put(name, entry);
                    kept(journal, journal.put(StoreKind.STATESERVER, name, entry));
                }
            }
            // Entries are written far faster here than by clients: a round waits for a rewrite to end, as the
            // journal keeps up with real clients.
            Await.until("no rewrite runs", () -> !journal.statistics().compacting());
            assertThat(journal.statistics().bytes())
                    .as("the base (at most 300 KB) and the segments since (at most 1 MiB and the round that went "
                            + "past it)")
                    .isLessThan(keys * 1100 + (1 << 20) + keys * 1100);
        }
        Await.until(
                "a rewrite ran and ended",
                () -> journal.statistics().compactions() > 0
                        && !journal.statistics().compacting());
        assertThat(Manifest.read(directory).orElseThrow().base()).isPresent();
        long rewrites = journal.statistics().compactions();
        opened.close();

        JournalDirectory back = JournalDirectory.open(settings, JournalFormat.SINGLE_NODE, FileOpener.PLAIN);
        try {
            Map<String, Object> replayed = back.replayed().get(StoreKind.STATESERVER);
            assertThat(replayed.keySet()).isEqualTo(held.keySet());
            held.forEach((key, entry) -> {
                SessionEntry restored = (SessionEntry) replayed.get(key);
                assertThat(restored.toString()).isEqualTo(entry.toString());
                assertThat(restored.data()).isEqualTo(entry.data());
            });
        } finally {
            back.close();
        }
        assertThat(direct.get())
                .as("bases opened for direct writes, where the file system allows it")
                .isEqualTo(directWrites == DirectWrites.REFUSED_AT_OPEN ? 0 : rewrites);
    }

    /** Waits for the record, as a node's write does before it is answered. */
    private static void kept(Journal journal, long ticket) {
        journal.whenDurable(ticket, null).toCompletableFuture().join();
    }

    private static byte[] bytes(int seed) {
        byte[] bytes = new byte[1000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + seed);
        }
        return bytes;
    }
}
