package aspstate.store.journal;

import aspstate.core.store.ChangeLog;
import aspstate.core.store.StoredValue;
import java.util.concurrent.CompletionStage;

/**
 * One store's changes, as records of the shared {@link Journal}. A change that keeps the payload is written as its
 * metadata alone. While the journal refuses changes (a full or failing disk), such a change that takes no lock (a
 * read sliding the expiry, clearing the first-read flag, releasing a lock) still happens, in memory only: reads of
 * kept sessions go on answering, and what a crash would lose then is a later expiry or an unlocked lock, never data.
 */
final class JournalLog<V extends StoredValue> implements ChangeLog<V> {
    private final Journal journal;
    private final StoreKind kind;
    private final ValueCodec<V> codec;

    JournalLog(Journal journal, StoreKind kind) {
        this.journal = journal;
        this.kind = kind;
        this.codec = kind.codec();
    }

    @Override
    public long put(String key, V before, V after, boolean takesLock) {
        boolean metadataOnly = before != null && codec.samePayload(before, after);
        Journal.Refusal refusal = journal.refusal();
        if (refusal != null) {
            if (metadataOnly && !takesLock) {
                return NOTHING;
            }
            throw refusal.exception();
        }
        return journal.append(metadataOnly ? Records.METADATA : Records.PUT, kind, key, after, !metadataOnly);
    }

    @Override
    public long delete(String key, V before) {
        Journal.Refusal refusal = journal.refusal();
        if (refusal != null) {
            throw refusal.exception();
        }
        return journal.append(Records.DELETE, kind, key, null, false);
    }

    @Override
    public long pending() {
        return journal.pending();
    }

    @Override
    public <R> CompletionStage<R> whenDurable(long ticket, R result) {
        return journal.whenDurable(ticket, result);
    }
}
