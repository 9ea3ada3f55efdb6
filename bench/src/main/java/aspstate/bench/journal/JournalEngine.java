package aspstate.bench.journal;

import aspstate.core.stateserver.SessionEntry;
import aspstate.store.journal.Fsync;
import aspstate.store.journal.Journal;
import aspstate.store.journal.JournalDirectory;
import aspstate.store.journal.JournalFormat;
import aspstate.store.journal.JournalSettings;
import aspstate.store.journal.StoreKind;
import aspstate.store.journal.TurnEnd;
import java.nio.file.Path;

/** aspstate's journal: records appended to one buffer, written and synced by its writer thread, batch by batch. */
final class JournalEngine implements SyncedWrites.Engine {
    @Override
    public String name() {
        return "journal";
    }

    @Override
    public SyncedWrites.Session open(Path directory) {
        JournalDirectory opened =
                JournalDirectory.open(new JournalSettings(directory, Fsync.ALWAYS), JournalFormat.SINGLE_NODE);
        Journal journal = opened.journal();
        // No rewrites: they would read their base from stores this benchmark does not keep.
        journal.start(TurnEnd.NOW);
        return new SyncedWrites.Session() {
            @Override
            public void writeSynced(String key, byte[] value) {
                SessionEntry entry = SessionEntry.created(value, 20, false, System.currentTimeMillis());
                journal.whenDurable(journal.put(StoreKind.STATESERVER, key, entry), null)
                        .toCompletableFuture()
                        .join();
            }

            @Override
            public void close() {
                opened.close();
            }
        };
    }
}
