package aspstate.store.journal;

import aspstate.core.ByteSize;
import aspstate.core.Clock;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoredValue;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One durable node ({@code --data-dir} without a cluster): every store in memory, as without a data directory, with
 * its changes in one {@link Journal} under the directory. At start the journal is replayed into the stores before
 * they serve; reads never touch the disk.
 */
public final class JournaledStores implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JournaledStores.class);
    private final JournalDirectory directory;
    private final Map<StoreKind, MemorySessionStore<?>> stores;
    private final String description;

    private JournaledStores(
            JournalDirectory directory, Map<StoreKind, MemorySessionStore<?>> stores, String description) {
        this.directory = directory;
        this.stores = stores;
        this.description = description;
    }

    /**
     * Takes the directory, replays its journal into one memory store per kind and starts the journal.
     *
     * @param reaper the expiry reaper the stores share (the caller shuts it down after closing them)
     * @param turns  when the journal's writer is woken for what a thread appended (the server's event loops' turns)
     * @throws DataDirectoryException when the directory is in use, cannot be written, or its journal is damaged
     */
    public static JournaledStores open(
            JournalSettings settings,
            Clock clock,
            MemoryStoreSettings memory,
            MemoryBudget budget,
            ScheduledExecutorService reaper,
            TurnEnd turns) {
        return open(settings, clock, memory, budget, reaper, turns, FileOpener.PLAIN);
    }

    static JournaledStores open(
            JournalSettings settings,
            Clock clock,
            MemoryStoreSettings memory,
            MemoryBudget budget,
            ScheduledExecutorService reaper,
            TurnEnd turns,
            FileOpener files) {
        long started = System.nanoTime();
        JournalDirectory directory = JournalDirectory.open(settings, JournalFormat.SINGLE_NODE, files);
        Map<StoreKind, MemorySessionStore<?>> stores = new EnumMap<>(StoreKind.class);
        try {
            for (StoreKind kind : StoreKind.values()) {
                stores.put(
                        kind,
                        new MemorySessionStore<>(
                                clock, memory, budget, reaper, new JournalLog<>(directory.journal(), kind)));
            }
            long sessions = restore(directory.replayed(), stores, budget);
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            Map<StoreKind, Snapshot> snapshots = new EnumMap<>(StoreKind.class);
            stores.forEach((kind, store) -> snapshots.put(kind, visitor -> store.forEach(visitor::accept)));
            directory.journal().start(snapshots, turns);
            LOG.info(
                    "restored {} session(s) ({} records replayed) from {} in {} ms",
                    sessions,
                    directory.recordsReplayed(),
                    settings.directory(),
                    tookMillis);
            String describe = "durable " + settings.directory() + " (fsync "
                    + settings.fsync().optionValue()
                    + ", max-memory " + (budget.limitBytes() == 0 ? "unlimited" : ByteSize.format(budget.limitBytes()))
                    + "; restored " + sessions + " session(s) in " + tookMillis + " ms)";
            return new JournaledStores(directory, stores, describe);
        } catch (RuntimeException | Error e) {
            closeAll(directory, stores);
            throw e;
        }
    }

    /** Puts the replayed entries back; returns how many sessions (application ids aside) are live. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static long restore(
            Map<StoreKind, Map<String, Object>> replayed,
            Map<StoreKind, MemorySessionStore<?>> stores,
            MemoryBudget budget) {
        long sessions = 0;
        for (Map.Entry<StoreKind, Map<String, Object>> kind : replayed.entrySet()) {
            MemorySessionStore store = stores.get(kind.getKey());
            for (Map.Entry<String, Object> entry : kind.getValue().entrySet()) {
                try {
                    store.restore(entry.getKey(), (StoredValue) entry.getValue());
                } catch (StoreFullException e) {
                    throw new DataDirectoryException(
                            DataDirectoryException.Reason.UNUSABLE,
                            "the sessions kept "
                                    + "there do not fit --max-memory (" + ByteSize.format(budget.limitBytes())
                                    + "): start "
                                    + "with a larger --max-memory",
                            e);
                }
            }
            if (kind.getKey().holdsSessions()) {
                sessions += store.statistics().active();
            }
        }
        return sessions;
    }

    /** The store of that kind. */
    @SuppressWarnings("unchecked")
    public <V extends StoredValue> SessionStore<V> store(StoreKind kind) {
        return (SessionStore<V>) stores.get(kind);
    }

    public Journal journal() {
        return directory.journal();
    }

    /** For the startup line, e.g. "durable /var/lib/aspstate (fsync always, max-memory 3 GiB; restored ...)". */
    public String describe() {
        return description;
    }

    /** Writes and syncs what is pending, then releases the directory. */
    @Override
    public void close() {
        closeAll(directory, stores);
    }

    private static void closeAll(JournalDirectory directory, Map<StoreKind, MemorySessionStore<?>> stores) {
        try {
            directory.close();
        } finally {
            stores.values().forEach(MemorySessionStore::close);
        }
    }
}
