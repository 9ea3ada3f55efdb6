package aspstate.bench.journal;

import aspstate.core.Clock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionStore;
import aspstate.core.stores.StoreId;
import aspstate.store.journal.Fsync;
import aspstate.store.journal.JournalSettings;
import aspstate.store.journal.JournaledStores;
import aspstate.store.journal.TurnEnd;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code journal-restore}: how long a durable node takes to come back with many sessions. Writes the sessions
 * through the memory stores over a journal (as a running server does, rewrites included), closes it, and times the
 * start that replays it.
 */
@Command(
        name = "journal-restore",
        mixinStandardHelpOptions = true,
        showDefaultValues = true,
        sortOptions = false,
        description = "Time the start of a durable node: write SESSIONS sessions through the journal, close it, and "
                + "time the replay into memory (run with a heap that holds them, e.g. -Xmx4g for 1M of 1 KiB).")
public final class JournalRestoreCommand implements Callable<Integer> {
    @Option(names = "--sessions", defaultValue = "1000000", description = "sessions written, then restored")
    int sessions;

    @Option(names = "--payload", defaultValue = "1024", description = "bytes of each session")
    int payload;

    @Option(names = "--dir", description = "the data directory (a new temporary directory by default)")
    Path directory;

    @Override
    public Integer call() throws Exception {
        Path where = directory != null
                ? Files.createDirectories(directory)
                : Files.createTempDirectory("aspstate-journal-restore");
        JournalSettings settings = new JournalSettings(where, Fsync.OFF);
        ScheduledExecutorService reaper = MemorySessionStore.newReaper();
        try {
            long writeStarted = System.nanoTime();
            try (JournaledStores stores = open(settings, reaper)) {
                SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
                byte[] data = new byte[payload];
                for (int i = 0; i < sessions; i++) {
                    ThreadLocalRandom.current().nextBytes(data);
                    SessionEntry entry = SessionEntry.created(data.clone(), 20, false, System.currentTimeMillis());
                    state.execute("/LM/W3SVC/1/ROOT/restore/" + i, (current, now) -> Outcome.put(entry, null))
                            .toCompletableFuture()
                            .join();
                }
            }
            System.out.printf(
                    "wrote %,d sessions of %,d bytes in %,d ms; the journal holds %,d bytes%n",
                    sessions, payload, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - writeStarted), size(where));
            System.gc();
            long started = System.nanoTime();
            try (JournaledStores stores = open(settings, reaper)) {
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                long restored = stores.store(StoreId.STATESERVER).statistics().active();
                System.out.printf("restored %,d sessions in %,d ms%n", restored, millis);
            }
        } finally {
            reaper.shutdownNow();
        }
        return 0;
    }

    private static JournaledStores open(JournalSettings settings, ScheduledExecutorService reaper) {
        return JournaledStores.open(
                settings, Clock.SYSTEM, MemoryStoreSettings.withMaxMemory(0), new MemoryBudget(0), reaper, TurnEnd.NOW);
    }

    private static long size(Path directory) throws Exception {
        try (Stream<Path> files = Files.list(directory)) {
            return files.mapToLong(file -> file.toFile().length()).sum();
        }
    }
}
