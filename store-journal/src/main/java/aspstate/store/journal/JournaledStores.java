package aspstate.store.journal;

import aspstate.core.ByteSize;
import aspstate.core.Clock;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoredValue;
import aspstate.core.stores.StoreId;
import aspstate.core.stores.StoreSet;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
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
    private final StoreSet stores;
    private final String description;

    private JournaledStores(JournalDirectory directory, StoreSet stores, String description) {
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
        Optional<StoreSet> opened = Optional.empty();
        try {
            Restoring restoring =
                    new Restoring(directory.journal(), directory.takeReplayed(), clock, memory, budget, reaper);
            StoreSet stores = StoreSet.of(StoreId.all(), restoring::open);
            opened = Optional.of(stores);
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            long sessions = 0;
            Map<StoreKind, Snapshot> snapshots = new EnumMap<>(StoreKind.class);
            for (StoreId<?> id : stores.ids()) {
                SessionStore<?> store = stores.get(id);
                snapshots.put(StoreKind.of(id), visitor -> store.forEach(visitor::accept));
                if (id.holdsSessions()) {
                    sessions += store.statistics().active();
                }
            }
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
            closeAll(directory, opened);
            throw e;
        }
    }

    /** Opens each kind's memory store with the entries the journal replayed for it. */
    private record Restoring(
            Journal journal,
            Map<StoreKind, Map<String, Object>> replayed,
            Clock clock,
            MemoryStoreSettings memory,
            MemoryBudget budget,
            ScheduledExecutorService reaper) {
        <V extends StoredValue> SessionStore<V> open(StoreId<V> id) {
            StoreKind kind = StoreKind.of(id);
            MemorySessionStore<V> store =
                    new MemorySessionStore<>(clock, memory, budget, reaper, new JournalLog<>(journal, kind));
            try {
                for (Map.Entry<String, Object> entry :
                        replayed.getOrDefault(kind, Map.of()).entrySet()) {
                    store.restore(entry.getKey(), id.valueType().cast(entry.getValue()));
                }
            } catch (StoreFullException e) {
                store.close();
                throw new DataDirectoryException(
                        DataDirectoryException.Reason.UNUSABLE,
                        "the sessions kept there do not fit --max-memory (" + ByteSize.format(budget.limitBytes())
                                + "): start with a larger --max-memory",
                        e);
            }
            return store;
        }
    }

    /** The store of that id. */
    public <V extends StoredValue> SessionStore<V> store(StoreId<V> id) {
        return stores.get(id);
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
        closeAll(directory, Optional.of(stores));
    }

    private static void closeAll(JournalDirectory directory, Optional<StoreSet> stores) {
        try {
            directory.close();
        } finally {
            stores.ifPresent(opened -> opened.stores().forEach(SessionStore::close));
        }
    }
}
