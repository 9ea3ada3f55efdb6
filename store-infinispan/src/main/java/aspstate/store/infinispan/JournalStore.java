package aspstate.store.infinispan;

import aspstate.core.stores.StoreId;
import aspstate.store.journal.Journal;
import aspstate.store.journal.StoreKind;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.infinispan.configuration.cache.CustomStoreConfiguration;
import org.infinispan.persistence.spi.InitializationContext;
import org.infinispan.persistence.spi.MarshallableEntry;
import org.infinispan.persistence.spi.NonBlockingStore;

/**
 * A store cache's persistence on a cluster node: every change this node makes to its copy of an entry, as primary
 * or backup owner, by a request or by a rebalance, is appended to the node's journal, and the change is confirmed
 * (so the request answered) only once the journal has kept it. Never read: every entry is in memory, and after a
 * restart the node replays its journal itself and merges it with the others' ({@link InfinispanStores}).
 *
 * <p>Infinispan makes the store from its class; it finds the node's journal by the node name in its configuration.
 */
public final class JournalStore implements NonBlockingStore<String, Stamped> {
    static final String NODE_PROPERTY = "aspstate.journal.node";
    private static final Map<String, Journal> JOURNALS = new ConcurrentHashMap<>();

    private Journal journal;
    private StoreKind kind;

    /** The journal of the node named {@code node}, for the stores its caches make. */
    static void register(String node, Journal journal) {
        JOURNALS.put(node, journal);
    }

    static void unregister(String node) {
        JOURNALS.remove(node);
    }

    @Override
    public CompletionStage<Void> start(InitializationContext context) {
        CustomStoreConfiguration configuration = context.getConfiguration();
        String node = configuration.properties().getProperty(NODE_PROPERTY);
        journal = JOURNALS.get(node);
        if (journal == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("no journal for node " + node));
        }
        kind = StoreKind.of(StoreId.named(context.getCache().getName()).orElseThrow());
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Void> stop() {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public Set<Characteristic> characteristics() {
        return EnumSet.of(Characteristic.WRITE_ONLY);
    }

    @Override
    public CompletionStage<MarshallableEntry<String, Stamped>> load(int segment, Object key) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Void> write(int segment, MarshallableEntry<? extends String, ? extends Stamped> entry) {
        return refusal()
                .orElseGet(() -> journal.whenDurable(journal.put(kind, entry.getKey(), entry.getValue()), null));
    }

    @Override
    public CompletionStage<Boolean> delete(int segment, Object key) {
        return refusal()
                .map(refused -> refused.thenApply(nothing -> false))
                .orElseGet(() -> journal.whenDurable(journal.delete(kind, (String) key), Boolean.TRUE));
    }

    /** A change the journal cannot take now (its disk is full or failing) fails, and with it the write. */
    private java.util.Optional<CompletionStage<Void>> refusal() {
        return journal.refusedWith().map(CompletableFuture::failedFuture);
    }

    /** Nothing to do: a cluster node's journal is renewed by its rewrites, not by clearing. */
    @Override
    public CompletionStage<Void> clear() {
        return CompletableFuture.completedFuture(null);
    }
}
