package aspstate.store.journal;

import aspstate.core.ByteSize;
import aspstate.core.Clock;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoredValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One durable node ({@code --data-dir} without a cluster): every store in memory, as without a data directory, with
 * its changes in one {@link Journal} under the directory. At start the journal is replayed into the stores before
 * they serve; reads never touch the disk.
 */
public final class JournaledStores implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JournaledStores.class);
    /** Subdirectories an earlier version's Infinispan file stores left; this version cannot read them. */
    private static final List<String> EARLIER_FILE_STORES = List.of("stateserver", "sqlstate-sessions",
            "sqlstate-appids", "spstate-items", "aspstate-counters");

    private final DirectoryLock lock;
    private final Journal journal;
    private final Map<StoreKind, MemorySessionStore<?>> stores;
    private final String description;

    private JournaledStores(DirectoryLock lock, Journal journal, Map<StoreKind, MemorySessionStore<?>> stores,
                            String description) {
        this.lock = lock;
        this.journal = journal;
        this.stores = stores;
        this.description = description;
    }

    /**
     * Takes the directory, replays its journal into one memory store per kind and starts the journal.
     *
     * @param reaper the expiry reaper the stores share (the caller shuts it down after closing them)
     * @throws DataDirectoryException when the directory is in use, cannot be written, or its journal is damaged
     */
    public static JournaledStores open(JournalSettings settings, Clock clock, MemoryStoreSettings memory,
                                       MemoryBudget budget, ScheduledExecutorService reaper) {
        return open(settings, clock, memory, budget, reaper, FileOpener.PLAIN);
    }

    static JournaledStores open(JournalSettings settings, Clock clock, MemoryStoreSettings memory,
                                MemoryBudget budget, ScheduledExecutorService reaper, FileOpener files) {
        Path directory = settings.directory();
        DirectoryLock lock = DirectoryLock.take(directory);
        Map<StoreKind, MemorySessionStore<?>> stores = new EnumMap<>(StoreKind.class);
        Journal journal = null;
        try {
            refuseEarlierLayout(directory);
            long started = System.nanoTime();
            LOG.info("restoring sessions from {}", directory);
            Optional<Manifest> manifest = Manifest.read(directory);
            Segments segments;
            long lastSeq = 0;
            Optional<Replay> replay = Optional.empty();
            if (manifest.isEmpty()) {
                refuseStrayFiles(directory);
                segments = Segments.create(directory, files);
            } else {
                replay = Optional.of(replayed(directory, manifest.get()));
                lastSeq = replay.get().lastSeq();
                removeLeftovers(directory, manifest.get());
                segments = Segments.start(directory, files, manifest.get(), lastSeq, replay.get().lastLength());
            }
            journal = new Journal(settings, segments, lastSeq);
            for (StoreKind kind : StoreKind.values()) {
                stores.put(kind, new MemorySessionStore<>(clock, memory, budget, reaper,
                        new JournalLog<>(journal, kind)));
            }
            Restored restored = replay.map(each -> restore(each, stores, budget)).orElse(new Restored(0, 0));
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            journal.start(Map.copyOf(stores));
            LOG.info("restored {} session(s) ({} entries, {} records replayed) from {} in {} ms", restored.sessions(),
                    restored.entries(), replay.map(Replay::records).orElse(0L), directory, tookMillis);
            String describe = "durable " + directory + " (fsync " + settings.fsync().optionValue() + ", max-memory "
                    + (budget.limitBytes() == 0 ? "unlimited" : ByteSize.format(budget.limitBytes())) + "; restored "
                    + restored.sessions() + " session(s) in " + tookMillis + " ms)";
            return new JournaledStores(lock, journal, stores, describe);
        } catch (IOException e) {
            closeAll(journal, stores, lock);
            throw new DataDirectoryException(DataDirectoryException.Reason.UNUSABLE, "cannot use " + directory
                    + ": " + DataDirectoryException.cause(e), e);
        } catch (JournalDamageException e) {
            closeAll(journal, stores, lock);
            throw new DataDirectoryException(DataDirectoryException.Reason.DAMAGED, e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            closeAll(journal, stores, lock);
            throw e;
        }
    }

    private static Replay replayed(Path directory, Manifest manifest) throws IOException {
        Replay replay = Replay.of(directory, manifest, Replay.Mode.START);
        replay.tornTail().ifPresent(torn -> LOG.warn("{}: cut off the torn end of the journal at offset {}: {} "
                + "byte(s), the start of {} record(s) a crash left unfinished (never acknowledged with --fsync "
                + "always)", torn.file(), torn.offset(), torn.bytes(), torn.frames()));
        return replay;
    }

    private record Restored(long sessions, long entries) {
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Restored restore(Replay replay, Map<StoreKind, MemorySessionStore<?>> stores, MemoryBudget budget) {
        long sessions = 0;
        long entries = 0;
        for (Map.Entry<StoreKind, Map<String, StoredValue>> kind : replay.entries().entrySet()) {
            MemorySessionStore store = stores.get(kind.getKey());
            for (Map.Entry<String, StoredValue> entry : kind.getValue().entrySet()) {
                try {
                    store.restore(entry.getKey(), entry.getValue());
                } catch (StoreFullException e) {
                    throw new DataDirectoryException(DataDirectoryException.Reason.UNUSABLE, "the sessions kept "
                            + "there do not fit --max-memory (" + ByteSize.format(budget.limitBytes()) + "): start "
                            + "with a larger --max-memory", e);
                }
            }
            long live = store.statistics().active();
            entries += live;
            if (kind.getKey().holdsSessions()) {
                sessions += live;
            }
        }
        return new Restored(sessions, entries);
    }

    /** An earlier version kept each store in an Infinispan file store; starting over them would hide them. */
    private static void refuseEarlierLayout(Path directory) {
        for (String name : EARLIER_FILE_STORES) {
            if (Files.isDirectory(directory.resolve(name))) {
                throw new DataDirectoryException(DataDirectoryException.Reason.UNUSABLE, directory + " holds the "
                        + "file stores of an earlier aspstate version (" + directory.resolve(name) + "), which this "
                        + "version does not read: move them elsewhere to start with an empty journal", null);
            }
        }
    }

    /** Journal files without a manifest: the manifest was lost, and starting empty would hide what they hold. */
    private static void refuseStrayFiles(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            Optional<Path> stray = files.filter(JournaledStores::isJournalFile).findFirst();
            if (stray.isPresent()) {
                throw new DataDirectoryException(DataDirectoryException.Reason.DAMAGED, directory + " holds journal "
                        + "files (" + stray.get().getFileName() + ") but no " + Manifest.FILE + ": it was deleted; "
                        + "'aspstate journal repair " + directory + "' writes a new one from the files", null);
            }
        }
    }

    /** Files of a rewrite that a crash interrupted: no manifest names them. */
    private static void removeLeftovers(Path directory, Manifest manifest) throws IOException {
        Set<String> named = Segments.names(manifest);
        List<Path> leftovers = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            files.filter(file -> isJournalFile(file) && !named.contains(file.getFileName().toString()))
                    .forEach(leftovers::add);
        }
        Files.deleteIfExists(directory.resolve(Manifest.FILE + ".new"));
        for (Path leftover : leftovers) {
            Files.delete(leftover);
        }
        if (!leftovers.isEmpty()) {
            LOG.info("{}: removed {} file(s) an interrupted rewrite left", directory, leftovers.size());
        }
    }

    static boolean isJournalFile(Path file) {
        return file.getFileName().toString().matches("(segment|base)-\\d{16}\\.(log|snap)");
    }

    /** The store of that kind. */
    @SuppressWarnings("unchecked")
    public <V extends StoredValue> SessionStore<V> store(StoreKind kind) {
        return (SessionStore<V>) stores.get(kind);
    }

    public Journal journal() {
        return journal;
    }

    /** For the startup line, e.g. "durable /var/lib/aspstate (fsync always, max-memory 3 GiB; restored ...)". */
    public String describe() {
        return description;
    }

    /** Writes and syncs what is pending, then releases the directory. */
    @Override
    public void close() {
        closeAll(journal, stores, lock);
    }

    private static void closeAll(Journal journal, Map<StoreKind, MemorySessionStore<?>> stores, DirectoryLock lock) {
        try {
            if (journal != null) {
                journal.close();
            }
        } finally {
            stores.values().forEach(MemorySessionStore::close);
            lock.close();
        }
    }
}
