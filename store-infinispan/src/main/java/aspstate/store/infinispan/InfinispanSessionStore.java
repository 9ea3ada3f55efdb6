package aspstate.store.infinispan;

import aspstate.core.Clock;
import aspstate.core.RepeatedEventLog;
import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoreStatistics;
import aspstate.core.store.StoredValue;
import aspstate.store.journal.StoreKind;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.infinispan.AdvancedCache;
import org.infinispan.container.entries.CacheEntry;
import org.infinispan.context.Flag;
import org.infinispan.functional.FunctionalMap;
import org.infinispan.functional.Param;
import org.infinispan.functional.impl.FunctionalMapImpl;
import org.infinispan.functional.impl.ReadWriteMapImpl;
import org.slf4j.LoggerFactory;

/**
 * A {@link SessionStore} on one Infinispan cache, local (durable) or distributed (clustered).
 *
 * <p>A mutation is a versioned read and a conditional write: the entry is read with its stamp, the pure mutation
 * runs here on that value, and the result is written with {@code putIfAbsent}, {@code replace(key, expected, new)} or
 * {@code remove(key, expected)}, which the key's primary owner performs only if the entry still has the stamp that was
 * read. If another write came first, the mutation runs again on what that write left. So the semantics functions run
 * unchanged (a lambda never has to travel to another node), no update is lost when two nodes serve one session, and
 * lock cookies stay monotonic. Infinispan retries such a conditional write itself when the primary owner changes
 * mid-write (a node killed), counting "the new stamp is already there" as success, so a write is never applied twice.
 * A call that still fails only because a member left mid-call is settled here the same way (see {@link #settled}),
 * so that a survivor answers its client rather than closing the connection.
 *
 * <p>Expiry: the value's own expiry decides, as in the memory store. A value past its expiry is never handed to a
 * mutation; a {@link Sweep} reclaims expired entries without waiting for a lookup. Sliding expiry is a write of the
 * new expiry time to the key's owners only, never a cluster-wide message (Infinispan's max-idle, which sends one
 * per read, is not used).
 *
 * <p>A change that keeps the value's payload (nearly every request: a read sliding the expiry, a lock taken or
 * released) goes to the owners as a {@link MetadataUpdate}, which each applies to its own copy, so that only a large
 * session's writes ship its bytes between nodes.
 */
final class InfinispanSessionStore<V extends StoredValue> implements SessionStore<V> {
    /** Conflicting writes on one key after which a mutation gives up; each conflict means another write went in. */
    static final int MAX_ATTEMPTS = 64;
    /** A read that failed because a member left is made again after this pause, in which the new view installs. */
    private static final Executor AFTER_A_VIEW_CHANGE = CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS);

    private static final RepeatedEventLog FULL =
            new RepeatedEventLog(LoggerFactory.getLogger(InfinispanSessionStore.class));

    private final StoreKind kind;
    private final AdvancedCache<String, Stamped> cache;
    private final FunctionalMap.ReadWriteMap<String, Stamped> owners;
    private final Clock clock;
    private final LocalShare share;
    private final Supplier<StoreStatistics> statistics;
    private final Executor iterationExecutor;
    private final String description;
    /**
     * A node's mutations of one key run one after another: run at once, each would read the same stamp and all but
     * one would lose the conditional write and start again, so that many requests on one session (a page's parallel
     * calls, a client pipelining reads of it) ran out of attempts. Conflicts remain only between nodes.
     */
    private final KeyedSequence inTurn = new KeyedSequence();

    InfinispanSessionStore(
            StoreKind kind,
            AdvancedCache<String, Stamped> cache,
            Clock clock,
            LocalShare share,
            Supplier<StoreStatistics> statistics,
            Executor iterationExecutor,
            String description) {
        this.kind = kind;
        // Every entry is in memory (loaded at start, never evicted): the file store is for restarts only, and a
        // lookup never reads it (it would be slower, and could find what a rebalance left behind there).
        this.cache = cache.withFlags(Flag.SKIP_CACHE_LOAD);
        // Infinispan 16.1 turns the SKIP_CACHE_LOAD flag of a cache into "skip the store" for a functional map, which
        // would leave such a write out of the node's journal: the parameter says "skip loading" alone.
        this.owners =
                ReadWriteMapImpl.create(FunctionalMapImpl.create(cache)).withParams(Param.PersistenceMode.SKIP_LOAD);
        this.clock = clock;
        this.share = share;
        this.statistics = statistics;
        this.iterationExecutor = iterationExecutor;
        this.description = description;
    }

    @Override
    public <R> CompletionStage<R> execute(String key, Mutation<V, R> mutation) {
        return inTurn.run(key, () -> attempt(key, mutation, 1));
    }

    private <R> CompletionStage<R> attempt(String key, Mutation<V, R> mutation, int attempt) {
        return cache.getAsync(key)
                .handle((current, failure) -> {
                    if (failure == null) {
                        return runAndWrite(key, mutation, current, attempt);
                    }
                    if (StoreFailures.memberLeft(failure) && attempt < MAX_ATTEMPTS) {
                        return CompletableFuture.runAsync(() -> {}, AFTER_A_VIEW_CHANGE)
                                .thenCompose(paused -> attempt(key, mutation, attempt + 1));
                    }
                    throw StoreFailures.rethrow(failure);
                })
                .thenCompose(result -> result);
    }

    /**
     * What a conditional write that failed because a member left mid-call did: the key is read again, and the write
     * counts as done if {@code applied} says the key holds what it wrote (the write went in though its answer was
     * lost), or as a conflict otherwise (the mutation then runs again on what the key holds). Either way the client
     * gets its answer instead of a closed connection, and a write is never applied twice.
     */
    private CompletionStage<Boolean> settled(String key, CompletionStage<Boolean> write, Predicate<Stamped> applied) {
        return write.handle((written, failure) -> {
                    if (failure == null) {
                        return CompletableFuture.completedFuture(written);
                    }
                    if (StoreFailures.memberLeft(failure)) {
                        return StoreFailures.translate(cache.getAsync(key)).thenApply(applied::test);
                    }
                    throw StoreFailures.rethrow(failure);
                })
                .thenCompose(result -> result);
    }

    /** What a read found for a key. */
    private enum Found {
        ABSENT,
        TOMBSTONE,
        EXPIRED,
        LIVE
    }

    private static Found classify(Stamped current, long now) {
        if (current == null) {
            return Found.ABSENT;
        }
        Object value = current.value();
        if (value instanceof Tombstone) {
            return Found.TOMBSTONE;
        }
        return ((StoredValue) value).isExpiredAt(now) ? Found.EXPIRED : Found.LIVE;
    }

    private <R> CompletionStage<R> runAndWrite(String key, Mutation<V, R> mutation, Stamped current, int attempt) {
        long now = clock.millis();
        Found found = classify(current, now);
        @SuppressWarnings("unchecked")
        V live = found == Found.LIVE ? (V) current.value() : null;
        Outcome<V, R> outcome;
        try {
            outcome = mutation.apply(live, now);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return write(key, current, found, outcome, now).thenCompose(written -> {
            if (written) {
                return CompletableFuture.completedFuture(outcome.result());
            }
            if (attempt >= MAX_ATTEMPTS) {
                return CompletableFuture.failedFuture(new IllegalStateException(
                        "gave up on key " + key + " of " + kind.store() + " after " + attempt + " conflicting writes"));
            }
            return attempt(key, mutation, attempt + 1);
        });
    }

    /** Writes the outcome if the entry is still the one read; true when written (or nothing had to be). */
    private CompletionStage<Boolean> write(String key, Stamped current, Found found, Outcome<V, ?> outcome, long now) {
        switch (outcome.change()) {
            case KEEP:
                // An expired entry is reclaimed now rather than left for the sweep: this lookup already found it.
                return found == Found.EXPIRED ? reclaim(key, current) : CompletableFuture.completedFuture(true);
            case DELETE:
                if (found == Found.LIVE) {
                    return bury(key, current, now);
                }
                return found == Found.EXPIRED ? reclaim(key, current) : CompletableFuture.completedFuture(true);
            case PUT:
                return put(key, current, found, outcome.value(), now);
            default:
                throw new IllegalStateException("unknown change " + outcome.change());
        }
    }

    /** Removes an expired entry (if still the one read), counted as expired. */
    private CompletionStage<Boolean> reclaim(String key, Stamped expired) {
        return settled(
                        key,
                        reclaimExpired(cache, key, expired, clock.millis()),
                        // Gone or replaced: taken as this removal (another node reclaiming the same expired entry
                        // at that moment would be counted twice).
                        found -> found == null || found.stamp() != expired.stamp())
                .thenApply(removed -> {
                    if (removed) {
                        share.release(share.size(key, (StoredValue) expired.value()));
                        share.counted(LocalShare.Event.EXPIRED);
                    }
                    return removed;
                });
    }

    /**
     * Removes an expired entry if it is still the one read; one that had a version live beyond now (a later
     * expiry before its timeout was shortened) leaves a {@link Tombstone} until then instead, so that a journal's
     * copy of that version cannot come back.
     */
    static CompletableFuture<Boolean> reclaimExpired(
            AdvancedCache<String, Stamped> cache, String key, Stamped expired, long now) {
        if (expired.horizon() > now && !(expired.value() instanceof Tombstone)) {
            return cache.replaceAsync(
                    key, expired.expectation(), next(expired, Tombstone.of(now, expired.horizon()), now));
        }
        return cache.removeAsync(key, expired.expectation());
    }

    /** Deletes a live entry for a client: replaces it with a {@link Tombstone}, counted as removed. */
    private CompletionStage<Boolean> bury(String key, Stamped live, long now) {
        Tombstone tombstone = Tombstone.of(now, live.horizon());
        long freed = share.size(key, (StoredValue) live.value()) - share.size(key, tombstone);
        Stamped next = next(live, tombstone, now);
        return settled(key, cache.replaceAsync(key, live.expectation(), next), wrote(next))
                .thenApply(replaced -> {
                    if (replaced) {
                        share.release(freed);
                        share.counted(LocalShare.Event.REMOVED);
                    }
                    return replaced;
                });
    }

    private CompletionStage<Boolean> put(String key, Stamped current, Found found, V value, long now) {
        long oldSize = current == null ? 0 : share.size(key, (StoredValue) current.value());
        long growth = share.size(key, value) - oldSize;
        if (!share.reserve(growth)) {
            FULL.occurred(
                    "store full: refused {} write(s) that would exceed max-memory={} bytes on this node; "
                            + "raise --max-memory, add nodes or lower session sizes",
                    share.limitBytes());
            return CompletableFuture.failedFuture(new StoreFullException("storing " + key.length() + "+"
                    + value.sizeInBytes() + " bytes would exceed max-memory (" + share.limitBytes() + " bytes)"));
        }
        Stamped next = next(current, value, now);
        CompletionStage<Boolean> written = settled(key, conditionalWrite(key, current, found, next), wrote(next));
        return written.handle((ok, failure) -> {
            if (failure != null || !ok) {
                share.release(growth);
            } else if (found != Found.LIVE) {
                if (found == Found.EXPIRED) {
                    share.counted(LocalShare.Event.EXPIRED);
                }
                share.counted(LocalShare.Event.CREATED);
            }
            if (failure != null) {
                throw StoreFailures.rethrow(failure);
            }
            return ok;
        });
    }

    /** Writes {@code next} in place of {@code current} (null: absent) if the key still holds it. */
    private CompletableFuture<Boolean> conditionalWrite(String key, Stamped current, Found found, Stamped next) {
        if (current == null) {
            return cache.putIfAbsentAsync(key, next).thenApply(previous -> previous == null);
        }
        if (found == Found.LIVE && kind.codec().samePayload(current.value(), next.value())) {
            return owners.eval(key, MetadataUpdate.of(kind, current, next));
        }
        return cache.replaceAsync(key, current.expectation(), next);
    }

    /** Whether the key holds {@code written}: stamps are random, so only that write left this one. */
    private static Predicate<Stamped> wrote(Stamped written) {
        return found -> found != null && found.stamp() == written.stamp();
    }

    /** What a write of {@code value} at {@code now} puts in place of {@code current} (null: absent). */
    static Stamped next(Stamped current, StoredValue value, long now) {
        return new Stamped(
                nextStamp(current),
                Stamped.nextVersion(current, now),
                Stamped.nextHorizon(current, value.expiresAtMillis()),
                value);
    }

    private static long nextStamp(Stamped current) {
        long stamp;
        do {
            stamp = ThreadLocalRandom.current().nextLong();
        } while (current != null && stamp == current.stamp());
        return stamp;
    }

    @Override
    public CompletionStage<Void> forEach(BiConsumer<String, V> visitor) {
        // The iterator fetches other nodes' segments with blocking calls: never on a caller's (event loop) thread.
        return CompletableFuture.runAsync(
                () -> {
                    long now = clock.millis();
                    try (var entries = cache.cacheEntrySet().iterator()) {
                        while (entries.hasNext()) {
                            CacheEntry<String, Stamped> entry = entries.next();
                            if (classify(entry.getValue(), now) == Found.LIVE) {
                                @SuppressWarnings("unchecked")
                                V value = (V) entry.getValue().value();
                                visitor.accept(entry.getKey(), value);
                            }
                        }
                    } catch (RuntimeException e) {
                        throw StoreFailures.rethrow(e);
                    }
                },
                iterationExecutor);
    }

    @Override
    public StoreStatistics statistics() {
        return statistics.get();
    }

    @Override
    public String describe() {
        return description;
    }

    /** Nothing of its own to stop: the cache belongs to the {@link InfinispanStores} that made this store. */
    @Override
    public void close() {}
}
