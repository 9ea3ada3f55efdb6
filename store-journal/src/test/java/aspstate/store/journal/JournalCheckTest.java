package aspstate.store.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.core.ManualClock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateRequest;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionStore;
import aspstate.core.stores.StoreId;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code journal verify} and {@code repair} on journals damaged as disks and people damage them. */
class JournalCheckTest {
    private static final java.util.List<JournalFormat> FORMATS = java.util.List.of(JournalFormat.SINGLE_NODE);

    @TempDir
    Path directory;

    private final ManualClock clock = new ManualClock(1_800_000_000_000L);
    private final ScheduledExecutorService reaper = MemorySessionStore.newReaper();

    @AfterEach
    void stop() {
        reaper.shutdownNow();
    }

    private JournaledStores open() {
        return JournaledStores.open(
                new JournalSettings(directory, Fsync.ALWAYS),
                clock,
                MemoryStoreSettings.withMaxMemory(0),
                new MemoryBudget(0),
                reaper,
                TurnEnd.NOW);
    }

    /** Ten sessions of 100 bytes, written one by one in the journal's one segment; its path. */
    private Path tenSessions() throws IOException {
        try (JournaledStores stores = open()) {
            SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
            for (int i = 0; i < 10; i++) {
                byte[] data = new byte[100];
                data[0] = (byte) i;
                state.execute("/app/s" + i, StateRequest.set(data, 20, false, null))
                        .toCompletableFuture()
                        .join();
            }
        }
        return directory.resolve(
                Manifest.read(directory).orElseThrow().segments().get(0).file());
    }

    private static void flip(Path file, long offset) throws IOException {
        try (RandomAccessFile bytes = new RandomAccessFile(file.toFile(), "rw")) {
            bytes.seek(offset);
            int old = bytes.read();
            bytes.seek(offset);
            bytes.write(old ^ 0x01);
        }
    }

    private static SessionEntry read(JournaledStores stores, String key) {
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        return state.execute(key, (SessionEntry current, long now) -> Outcome.keep(current))
                .toCompletableFuture()
                .join();
    }

    @Test
    void aSoundJournalIsSaidSoundAndRepairLeavesItAlone() throws IOException {
        tenSessions();
        JournalCheck.Report verified = JournalCheck.verify(directory, FORMATS);
        assertThat(verified.damaged()).isFalse();
        assertThat(verified.lines())
                .contains(
                        "10 record(s) read, up to record 10; entries: stateserver 10, "
                                + "sqlstate-sessions 0, sqlstate-appids 0, spstate-items 0, corecache-entries 0",
                        "sound: the server starts on it");
        assertThat(JournalCheck.repair(directory, FORMATS).lines())
                .last()
                .asString()
                .startsWith("nothing to repair");
    }

    @Test
    void aDamagedRecordIsNamedAndRepairKeepsEveryOtherRecord() throws IOException {
        Path segment = tenSessions();
        long record = Records.size("/app/s0", 25 + 4 + 100);
        flip(segment, JournalFile.HEADER + 4 * record + 50);
        assertThatThrownBy(this::open).isInstanceOf(DataDirectoryException.class);

        JournalCheck.Report verified = JournalCheck.verify(directory, FORMATS);
        assertThat(verified.damaged()).isTrue();
        assertThat(verified.lines())
                .anyMatch(line -> line.startsWith(segment + " at offset "
                        + (JournalFile.HEADER + 4 * record) + ": a damaged record, with good records again from offset "
                        + (JournalFile.HEADER + 5 * record)));
        assertThat(verified.lines())
                .contains("9 record(s) read, up to record 10; entries: stateserver 9, "
                        + "sqlstate-sessions 0, sqlstate-appids 0, spstate-items 0, corecache-entries 0");

        JournalCheck.Report repaired = JournalCheck.repair(directory, FORMATS);
        assertThat(repaired.lines()).last().asString().startsWith("repaired: 9 entries written to ");
        try (JournaledStores stores = open()) {
            for (int i = 0; i < 10; i++) {
                SessionEntry entry = read(stores, "/app/s" + i);
                if (i == 4) {
                    assertThat(entry).as("the damaged record's session").isNull();
                } else {
                    assertThat(entry.data()[0]).isEqualTo((byte) i);
                }
            }
        }
        assertThat(JournalCheck.verify(directory, FORMATS).damaged()).isFalse();
        try (Stream<Path> files = Files.list(directory)) {
            assertThat(files.filter(file -> file.getFileName().toString().startsWith("before-repair-")))
                    .as("the replaced files are kept aside")
                    .hasSize(1);
        }
    }

    @Test
    void aLostManifestIsRebuiltFromTheFiles() throws IOException {
        tenSessions();
        try (JournaledStores stores = open()) {
            SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
            state.execute("/app/late", StateRequest.set(new byte[] {9}, 20, false, null))
                    .toCompletableFuture()
                    .join();
        }
        Files.delete(directory.resolve(Manifest.FILE));

        assertThat(JournalCheck.verify(directory, FORMATS).lines())
                .first()
                .asString()
                .startsWith("no readable MANIFEST");
        JournalCheck.repair(directory, FORMATS);
        try (JournaledStores stores = open()) {
            assertThat(read(stores, "/app/s9").data()[0]).isEqualTo((byte) 9);
            assertThat(read(stores, "/app/late").data()).containsExactly(9);
        }
    }

    @Test
    void repairRefusesADirectoryAServerRunsOn() throws IOException {
        tenSessions();
        try (JournaledStores running = open()) {
            assertThatThrownBy(() -> JournalCheck.repair(directory, FORMATS))
                    .isInstanceOfSatisfying(
                            DataDirectoryException.class,
                            e -> assertThat(e.reason()).isEqualTo(DataDirectoryException.Reason.IN_USE));
        }
    }
}
