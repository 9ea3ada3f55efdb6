package aspstate.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import aspstate.core.ManualClock;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateRequest;
import aspstate.core.stateserver.StateResult;
import aspstate.core.stateserver.StateResult.Shape;
import aspstate.core.testing.Await;
import aspstate.core.testing.CapturedLog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The in-memory store, with time driven by hand. The background reaper is configured with a one-hour tick so that it
 * never runs during a test; tests call {@link MemorySessionStore#reapExpired(int)} themselves, except the one test
 * that checks the real background reaper.
 */
class MemorySessionStoreTest {

    /** An exact second, so that "expires at T + 1 s" falls on a bucket boundary. */
    private static final long T = 1_700_000_000_000L;

    private static final long HOUR = 3_600_000L;
    private static final long NEVER = StoredValue.NEVER;

    private final ManualClock clock = new ManualClock(T);
    private final List<MemorySessionStore<?>> opened = new ArrayList<>();

    @AfterEach
    void closeStores() {
        opened.forEach(MemorySessionStore::close);
    }

    /** A store whose reaper never ticks by itself during a test. */
    private <V extends StoredValue> MemorySessionStore<V> store(long maxMemoryBytes) {
        MemorySessionStore<V> store =
                new MemorySessionStore<>(clock, new MemoryStoreSettings(maxMemoryBytes, HOUR, 1_000));
        opened.add(store);
        return store;
    }

    /** The smallest useful value: a counter with an expiry and a declared size. */
    record Counter(long count, long expiresAtMillis, long sizeInBytes) implements StoredValue {}

    // ---------------------------------------------------------------------------------------------------------------
    // Small drivers; the in-memory store completes inline, so join() never waits.
    // ---------------------------------------------------------------------------------------------------------------

    private static <R> R run(SessionStore<Counter> store, String key, Mutation<Counter, R> mutation) {
        return store.execute(key, mutation).toCompletableFuture().join();
    }

    private static void put(SessionStore<Counter> store, String key, long size, long expiresAt) {
        run(store, key, (current, now) -> Outcome.put(new Counter(0, expiresAt, size), "stored"));
    }

    /** What a mutation is handed for the key (null = absent or expired), without changing anything. */
    private static Counter lookup(SessionStore<Counter> store, String key) {
        return run(store, key, (current, now) -> Outcome.keep(current));
    }

    private static boolean delete(SessionStore<Counter> store, String key) {
        return run(store, key, (current, now) -> Outcome.delete(current != null));
    }

    private static StateResult send(SessionStore<SessionEntry> store, String key, StateRequest request) {
        return store.execute(key, request).toCompletableFuture().join();
    }

    private void at(long millis) {
        clock.set(millis);
    }

    private static StoreStatistics stats(long active, long created, long expired, long removed, long storedBytes) {
        return new StoreStatistics(active, created, expired, removed, storedBytes);
    }

    // ---------------------------------------------------------------------------------------------------------------

    @Nested
    class ExpiryOnLookup {
        @Test
        void expiredEntryIsNeverPassedToTheMutation() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_000);

            at(T + 999);
            assertThat(lookup(store, "k")).as("one millisecond before expiry").isNotNull();
            at(T + 1_000);
            assertThat(lookup(store, "k")).as("at the expiry instant").isNull();

            assertThat(store.statistics()).isEqualTo(stats(0, 1, 1, 0, 0));
        }

        @Test
        void expiredEntryIsCountedOnceHoweverOftenItIsLookedUp() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_000);
            at(T + 5_000);

            lookup(store, "k");
            lookup(store, "k");
            store.reapExpired(100);

            assertThat(store.statistics()).isEqualTo(stats(0, 1, 1, 0, 0));
        }

        @Test
        void putOverAnExpiredEntryCreatesAFreshOne() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_000);
            at(T + 2_000);
            AtomicReference<Counter> seen = new AtomicReference<>(new Counter(-1, 0, 0));

            run(store, "k", (current, now) -> {
                seen.set(current);
                return Outcome.put(new Counter(7, now + 60_000, 4), null);
            });

            assertThat(seen.get()).as("handed to the mutation").isNull();
            assertThat(lookup(store, "k")).isEqualTo(new Counter(7, T + 62_000, 4));
            assertThat(store.statistics()).isEqualTo(stats(1, 2, 1, 0, 1 + 4));
        }

        @Test
        void deletingAnExpiredEntryCountsAsExpiredNotAsRemoved() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_000);
            at(T + 1_000);

            assertThat(delete(store, "k")).as("the mutation saw an entry").isFalse();

            assertThat(store.statistics()).isEqualTo(stats(0, 1, 1, 0, 0));
        }

        @Test
        void mutationIsHandedTheStoreClocksTime() {
            MemorySessionStore<Counter> store = store(0);
            at(T + 12_345);

            long seen = run(store, "k", (current, now) -> Outcome.keep(now));

            assertThat(seen).isEqualTo(T + 12_345);
        }

        /**
         * A mutation that throws must leave the store as it was. Accounting the expired entry's bytes and the
         * expired counter before the mutation runs would go wrong here: the exception aborts the map update, and the
         * next lookup would account the same entry a second time (storedBytes negative).
         */
        @Test
        void throwingMutationOnAnExpiredEntryChangesNoAccounting() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_000);
            at(T + 2_000);
            IllegalStateException boom = new IllegalStateException("boom");

            Throwable thrown = catchThrowable(() -> run(store, "k", (current, now) -> {
                throw boom;
            }));

            assertThat(thrown).as("reported through the stage").isInstanceOf(CompletionException.class);
            assertThat(thrown.getCause()).isSameAs(boom);
            assertThat(store.statistics()).as("nothing changed").isEqualTo(stats(1, 1, 0, 0, 1 + 10));
            assertThat(lookup(store, "k")).isNull();
            assertThat(store.statistics()).as("expired exactly once").isEqualTo(stats(0, 1, 1, 0, 0));
        }
    }

    @Nested
    class Reaper {
        @Test
        void removesExpiredEntriesWithoutAnyLookup() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "a", 10, T + 1_000);
            put(store, "bb", 20, T + 1_000);
            put(store, "ccc", 30, T + 2_000);
            put(store, "live", 40, T + 60_000);
            assertThat(store.statistics()).isEqualTo(stats(4, 4, 0, 0, 1 + 10 + 2 + 20 + 3 + 30 + 4 + 40));

            at(T + 2_000);
            int examined = store.reapExpired(1_000);

            assertThat(examined).isEqualTo(3);
            assertThat(store.statistics()).isEqualTo(stats(1, 4, 3, 0, 4 + 40));
            assertThat(store.scheduledBuckets())
                    .as("only the live entry's bucket is left")
                    .isEqualTo(1);
        }

        @Test
        void doesNothingBeforeTheDueSecondHasBegun() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_500); // filed in the bucket of second T/1000 + 2

            at(T + 1_999);
            assertThat(store.reapExpired(1_000)).isZero();
            assertThat(store.statistics().active()).isEqualTo(1);

            at(T + 2_000);
            assertThat(store.reapExpired(1_000)).isEqualTo(1);
            assertThat(store.statistics()).isEqualTo(stats(0, 1, 1, 0, 0));
        }

        @Test
        void respectsItsBudgetAndResumesWhereItStopped() {
            MemorySessionStore<Counter> store = store(0);
            for (int i = 0; i < 10; i++) {
                put(store, "same-second-" + i, 1, T + 1_000);
            }
            at(T + 1_000);

            assertThat(store.reapExpired(4)).isEqualTo(4);
            assertThat(store.statistics().active()).isEqualTo(6);
            assertThat(store.reapExpired(4)).isEqualTo(4);
            assertThat(store.statistics().active()).isEqualTo(2);
            // Only two keys are left: none of the eight already examined is examined again.
            assertThat(store.reapExpired(4)).isEqualTo(2);
            assertThat(store.reapExpired(4)).isZero();
            assertThat(store.statistics()).isEqualTo(stats(0, 10, 10, 0, 0));
        }

        @Test
        void budgetSpansBuckets() {
            MemorySessionStore<Counter> store = store(0);
            for (int second = 1; second <= 3; second++) {
                for (int i = 0; i < 3; i++) {
                    put(store, second + "-" + i, 1, T + second * 1_000L);
                }
            }
            at(T + 3_000);

            assertThat(store.reapExpired(4)).isEqualTo(4);
            assertThat(store.reapExpired(4)).isEqualTo(4);
            assertThat(store.reapExpired(4)).isEqualTo(1);
            assertThat(store.statistics()).isEqualTo(stats(0, 9, 9, 0, 0));
            assertThat(store.scheduledBuckets()).isZero();
        }

        @Test
        void slidEntryIsRefiledWhenItsOldBucketComesDueAndReapedAfterItsNewExpiry() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_000);
            at(T + 500);
            put(store, "k", 10, T + 10_000); // a request slid the expiry

            at(T + 1_000);
            assertThat(store.reapExpired(1_000))
                    .as("the old bucket's reference is examined")
                    .isEqualTo(1);
            assertThat(store.statistics()).as("but not removed").isEqualTo(stats(1, 1, 0, 0, 11));
            assertThat(lookup(store, "k")).isNotNull();

            at(T + 9_999);
            assertThat(store.reapExpired(1_000)).isZero();
            assertThat(store.statistics().active()).isEqualTo(1);

            at(T + 10_000);
            assertThat(store.reapExpired(1_000)).isEqualTo(1);
            assertThat(store.statistics()).isEqualTo(stats(0, 1, 1, 0, 0));
            assertThat(store.scheduledBuckets()).isZero();
        }

        @Test
        void entrySlidManyTimesIsExaminedOncePerDueBucketNotOncePerSlide() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_000);
            for (int i = 1; i <= 100; i++) {
                at(T + i);
                put(store, "k", 10, T + i + 1_000);
            }

            at(T + 1_000);
            assertThat(store.reapExpired(1_000)).isEqualTo(1);
            assertThat(store.statistics().active()).isEqualTo(1);
            at(T + 2_000);
            assertThat(store.reapExpired(1_000)).isEqualTo(1);
            assertThat(store.statistics()).isEqualTo(stats(0, 1, 1, 0, 0));
        }

        @Test
        void shortenedTimeoutIsReapedAtTheEarlierTime() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 100_000);
            put(store, "k", 10, T + 5_000); // e.g. a Set with a smaller Timeout

            at(T + 5_000);
            store.reapExpired(1_000);
            assertThat(store.statistics()).isEqualTo(stats(0, 1, 1, 0, 0));

            // The stale reference in the later bucket is harmless.
            at(T + 100_000);
            store.reapExpired(1_000);
            assertThat(store.statistics()).isEqualTo(stats(0, 1, 1, 0, 0));
            assertThat(store.scheduledBuckets()).isZero();
        }

        @Test
        void neverExpiringEntryIsNeitherScheduledNorReaped() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "forever", 10, NEVER);
            assertThat(store.scheduledBuckets()).isZero();

            at(T + 100L * 365 * 24 * HOUR);
            assertThat(store.reapExpired(1_000)).isZero();
            assertThat(lookup(store, "forever")).isNotNull();
            assertThat(store.statistics()).isEqualTo(stats(1, 1, 0, 0, 7 + 10));
        }

        @Test
        void entryMadeNeverExpiringIsDroppedFromTheSchedule() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_000);
            put(store, "k", 10, NEVER);

            at(T + 1_000);
            assertThat(store.reapExpired(1_000)).isEqualTo(1);
            assertThat(store.scheduledBuckets()).isZero();
            at(Long.MAX_VALUE - 1);
            assertThat(store.reapExpired(1_000)).isZero();
            assertThat(store.statistics().active()).isEqualTo(1);
        }

        @Test
        void neverExpiringEntryGivenATimeoutIsScheduledAgain() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, NEVER);
            put(store, "k", 10, T + 3_000);

            at(T + 3_000);
            assertThat(store.reapExpired(1_000)).isEqualTo(1);
            assertThat(store.statistics()).isEqualTo(stats(0, 1, 1, 0, 0));
        }

        @Test
        void deleteThenRecreateInTheSameSecondIsReapedExactlyOnce() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_000);
            delete(store, "k");
            put(store, "k", 20, T + 1_000); // the key is now filed twice in the same bucket

            at(T + 1_000);
            assertThat(store.reapExpired(1_000)).as("both references examined").isEqualTo(2);

            assertThat(store.statistics()).isEqualTo(stats(0, 2, 1, 1, 0));
        }

        @Test
        void deleteThenRecreateLaterIsNotReapedByTheOldBucket() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_000);
            delete(store, "k");
            put(store, "k", 20, T + 5_000);

            at(T + 1_000);
            store.reapExpired(1_000);
            assertThat(store.statistics())
                    .as("the old bucket's reference is stale")
                    .isEqualTo(stats(1, 2, 0, 1, 1 + 20));

            at(T + 5_000);
            assertThat(store.reapExpired(1_000))
                    .as("filed once: the stale reference did not re-file it")
                    .isEqualTo(1);
            assertThat(store.statistics()).isEqualTo(stats(0, 2, 1, 1, 0));
            assertThat(store.scheduledBuckets()).isZero();
        }

        @Test
        void deleteThenRecreateEarlierIsReapedAtTheEarlierTimeOnly() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 5_000);
            delete(store, "k");
            put(store, "k", 20, T + 1_000);

            at(T + 1_000);
            store.reapExpired(1_000);
            assertThat(store.statistics()).isEqualTo(stats(0, 2, 1, 1, 0));

            put(store, "k", 30, T + 60_000); // a third life, found by the old T+5 s reference
            at(T + 5_000);
            store.reapExpired(1_000);
            assertThat(store.statistics()).isEqualTo(stats(1, 3, 1, 1, 1 + 30));
        }

        @Test
        void entryExpiredOnLookupAndRecreatedIsNotReapedEarly() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "k", 10, T + 1_000);
            at(T + 1_000);
            put(store, "k", 20, T + 5_000); // the lookup found it expired; this is a new entry

            store.reapExpired(1_000);
            assertThat(store.statistics()).isEqualTo(stats(1, 2, 1, 0, 1 + 20));

            at(T + 5_000);
            store.reapExpired(1_000);
            assertThat(store.statistics()).isEqualTo(stats(0, 2, 2, 0, 0));
        }

        /**
         * An expiry in the last second before Long.MAX_VALUE (but not NEVER) must not look due. Comparing
         * bucket * 1000 with now in ExpirySchedule.pollDue overflows for such a bucket, and the reaper would keep
         * polling and re-filing the same key until its budget ran out, on every tick.
         */
        @Test
        void expiryNearTheEndOfTimeIsNotDueNow() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "far", 1, Long.MAX_VALUE - 1);

            assertThat(store.reapExpired(1_000)).isZero();
            assertThat(store.statistics().active()).isEqualTo(1);
        }

        /** The real reaper thread, with a small tick; the test waits for its effect with a bounded poll. */
        @Test
        void backgroundReaperFreesMemoryOfSessionsNobodyAsksFor() {
            MemorySessionStore<Counter> store = new MemorySessionStore<>(clock, new MemoryStoreSettings(0, 10, 1_000));
            opened.add(store);
            put(store, "abandoned", 100, T + 1_000);
            put(store, "kept", 100, T + HOUR);

            clock.advance(Duration.ofSeconds(2));

            Await.until(
                    "the reaper removed the expired session",
                    () -> store.statistics().active() == 1);
            assertThat(store.statistics()).isEqualTo(stats(1, 2, 1, 0, 4 + 100));
        }

        /** A server's stores share one reaper thread: each is reaped, and closing one stops only its ticks. */
        @Test
        void storesSharingOneReaperAreEachReapedAndCloseIndependently() {
            ScheduledExecutorService shared = MemorySessionStore.newReaper();
            try {
                MemoryBudget budget = new MemoryBudget(0);
                MemorySessionStore<Counter> first =
                        new MemorySessionStore<>(clock, new MemoryStoreSettings(0, 10, 1_000), budget, shared);
                MemorySessionStore<Counter> second =
                        new MemorySessionStore<>(clock, new MemoryStoreSettings(0, 10, 1_000), budget, shared);
                opened.add(second);
                put(first, "abandoned", 100, T + 1_000);
                put(second, "abandoned", 100, T + 1_000);
                clock.advance(Duration.ofSeconds(2));
                Await.until(
                        "both stores reaped",
                        () -> first.statistics().active() == 0
                                && second.statistics().active() == 0);

                first.close();
                assertThat(shared.isShutdown())
                        .as("the shared reaper outlives one store")
                        .isFalse();
                put(second, "later", 100, T + 3_000);
                clock.advance(Duration.ofSeconds(2));
                Await.until(
                        "the other store is still reaped",
                        () -> second.statistics().expired() == 2);
            } finally {
                shared.shutdownNow();
            }
        }
    }

    @Nested
    class Statistics {
        @Test
        void createdCountsInsertsOnly() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "a", 1, NEVER);
            put(store, "a", 2, NEVER); // replacement
            lookup(store, "a");
            lookup(store, "missing");
            put(store, "b", 1, NEVER);

            assertThat(store.statistics().created()).isEqualTo(2);
            assertThat(store.statistics().active()).isEqualTo(2);
        }

        @Test
        void removedCountsDeletesOfExistingEntriesOnly() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "a", 1, NEVER);
            put(store, "b", 1, NEVER);

            delete(store, "a");
            delete(store, "missing");

            assertThat(store.statistics()).isEqualTo(stats(1, 2, 0, 1, 1 + 1));
        }

        @Test
        void storedBytesIsKeyLengthPlusDataLengthSummed() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "abc", 100, NEVER);
            put(store, "de", 50, NEVER);
            assertThat(store.statistics().storedBytes()).isEqualTo(3 + 100 + 2 + 50);

            put(store, "abc", 10, NEVER); // replacement: counted by the difference
            assertThat(store.statistics().storedBytes()).isEqualTo(3 + 10 + 2 + 50);

            put(store, "de", 500, NEVER);
            assertThat(store.statistics().storedBytes()).isEqualTo(3 + 10 + 2 + 500);

            delete(store, "abc");
            assertThat(store.statistics().storedBytes()).isEqualTo(2 + 500);
        }

        @Test
        void stateServerSessionsAreCountedByKeyAndDataLength() {
            MemorySessionStore<SessionEntry> store = store(0);
            send(store, "/app/one", StateRequest.set(new byte[7], 20, false, null));
            send(store, "/app/two", StateRequest.set(new byte[9], 20, true, null));
            send(store, "/app/two", StateRequest.set(new byte[100], 20, true, null)); // insert-only: no change

            assertThat(store.statistics()).isEqualTo(stats(2, 2, 0, 0, 8 + 7 + 8 + 9));
        }

        @Test
        void describeNamesTheLimit() {
            assertThat(store(0).describe()).isEqualTo("memory (max-memory unlimited)");
            assertThat(store(64L << 20).describe()).isEqualTo("memory (max-memory 64 MiB)");
        }
    }

    @Nested
    class MemoryLimit {
        /**
         * Small sessions cost more in overhead than in data: the limit counts a per-entry overhead so that it
         * refuses writes before the heap runs out (without it, 1M sessions of 14 bytes overrun the heap).
         */
        @Test
        void perEntryOverheadCountsAgainstTheLimitAndIsFreedWithTheEntry() {
            MemorySessionStore<Counter> store =
                    new MemorySessionStore<>(clock, new MemoryStoreSettings(1_000, HOUR, 1_000, 200));
            opened.add(store);
            for (String key : new String[] {"a", "b", "c", "d"}) {
                put(store, key, 10, NEVER); // 1 + 10 + 200 = 211 each
            }
            assertThat(store.statistics().storedBytes()).isEqualTo(4 * 211);
            assertThatThrownBy(() -> put(store, "e", 10, NEVER)) // 1055 > 1000
                    .hasCauseInstanceOf(StoreFullException.class);
            put(store, "a", 20, NEVER); // growing by 10 still fits: the overhead is charged once per entry
            assertThat(store.statistics().storedBytes()).isEqualTo(4 * 211 + 10);
            delete(store, "a");
            put(store, "e", 10, NEVER);
            assertThat(store.statistics().storedBytes()).isEqualTo(4 * 211);
        }

        /** One --max-memory for the process: stores of different protocols draw on the same budget. */
        @Test
        void storesSharingABudgetAreLimitedTogetherAndFreeForEachOther() {
            MemoryBudget budget = new MemoryBudget(100);
            MemorySessionStore<Counter> first =
                    new MemorySessionStore<>(clock, new MemoryStoreSettings(0, HOUR, 1_000), budget);
            MemorySessionStore<Counter> second =
                    new MemorySessionStore<>(clock, new MemoryStoreSettings(0, HOUR, 1_000), budget);
            opened.add(first);
            opened.add(second);
            put(first, "a", 59, NEVER); // 60 bytes
            assertThatThrownBy(() -> put(second, "b", 59, NEVER)) // 60 more: 120 > 100 together
                    .hasCauseInstanceOf(StoreFullException.class);
            assertThat(second.statistics().storedBytes()).isZero();
            assertThat(budget.usedBytes()).isEqualTo(60);
            delete(first, "a");
            put(second, "b", 59, NEVER);
            assertThat(first.statistics().storedBytes()).isZero();
            assertThat(second.statistics().storedBytes()).isEqualTo(60);
            assertThat(budget.usedBytes()).isEqualTo(60);
        }

        /** The first refusal must reach the log at once, naming the setting (it once never did: an overflow). */
        @Test
        void refusalLogsAWarningNamingTheSetting() {
            try (CapturedLog log = new CapturedLog(MemorySessionStore.class, ch.qos.logback.classic.Level.WARN)) {
                MemorySessionStore<Counter> store = store(10);
                catchThrowable(() -> put(store, "k", 100, NEVER));
                assertThat(log.events()).hasSize(1);
                assertThat(log.events().get(0).getLevel()).isEqualTo(ch.qos.logback.classic.Level.WARN);
                assertThat(log.events().get(0).getFormattedMessage())
                        .contains("max-memory=10")
                        .contains("--max-memory");
            }
        }

        @Test
        void putThatWouldExceedTheLimitFailsAndChangesNothing() {
            MemorySessionStore<Counter> store = store(100);
            put(store, "a", 49, NEVER); // 50 bytes
            StoreStatistics before = store.statistics();

            assertThatThrownBy(() -> put(store, "b", 50, NEVER)) // 51 more: 101 > 100
                    .isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(StoreFullException.class);

            assertThat(store.statistics()).isEqualTo(before);
            assertThat(lookup(store, "b")).isNull();
        }

        /**
         * The refused write found its key's entry expired: that entry is gone (freed and counted once), not left in
         * the table with its bytes already given back, where the reaper would free them a second time.
         */
        @Test
        void refusedPutOverAnExpiredEntryRemovesTheExpiredEntry() {
            MemorySessionStore<Counter> store = store(100);
            put(store, "a", 49, T + 1_000); // 50 bytes
            clock.advance(Duration.ofSeconds(2));

            assertThatThrownBy(() -> put(store, "a", 150, NEVER)).hasCauseInstanceOf(StoreFullException.class);

            assertThat(store.statistics().active()).isZero();
            assertThat(store.statistics().expired()).isEqualTo(1);
            assertThat(store.statistics().storedBytes()).isZero();
            store.reapExpired(1_000);
            assertThat(store.statistics().expired())
                    .as("not counted again by the reaper")
                    .isEqualTo(1);
            assertThat(store.statistics().storedBytes()).isZero();
        }

        @Test
        void failedStageCarriesStoreFullException() {
            MemorySessionStore<Counter> store = store(10);

            Throwable failure = catchThrowable(() -> store.execute(
                            "key", (current, now) -> Outcome.put(new Counter(0, NEVER, 100), "never seen"))
                    .toCompletableFuture()
                    .join());

            assertThat(failure.getCause())
                    .isInstanceOf(StoreFullException.class)
                    .hasMessageContaining("max-memory")
                    .hasMessageContaining("10 bytes");
        }

        @Test
        void writeThatExactlyReachesTheLimitIsAccepted() {
            MemorySessionStore<Counter> store = store(100);
            put(store, "a", 49, NEVER);
            put(store, "b", 49, NEVER);

            assertThat(store.statistics().storedBytes()).isEqualTo(100);
        }

        @Test
        void growingReplacementOverTheLimitKeepsTheOldValue() {
            MemorySessionStore<Counter> store = store(100);
            run(store, "a", (current, now) -> Outcome.put(new Counter(1, NEVER, 49), null));

            assertThatThrownBy(() -> run(store, "a", (current, now) -> Outcome.put(new Counter(2, NEVER, 100), null)))
                    .hasCauseInstanceOf(StoreFullException.class);

            assertThat(lookup(store, "a")).isEqualTo(new Counter(1, NEVER, 49));
            assertThat(store.statistics()).isEqualTo(stats(1, 1, 0, 0, 50));
        }

        @Test
        void shrinkingReplacementIsAcceptedWhenFull() {
            MemorySessionStore<Counter> store = store(100);
            put(store, "a", 99, NEVER); // exactly full

            put(store, "a", 10, NEVER);

            assertThat(lookup(store, "a").sizeInBytes()).isEqualTo(10);
            assertThat(store.statistics().storedBytes()).isEqualTo(11);
        }

        @Test
        void zeroLimitMeansUnlimited() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "big", Long.MAX_VALUE / 4, NEVER);
            put(store, "bigger", Long.MAX_VALUE / 4, NEVER);

            assertThat(store.statistics().active()).isEqualTo(2);
        }

        @Test
        void freedBytesCanBeReused() {
            MemorySessionStore<Counter> store = store(100);
            put(store, "a", 99, T + 1_000);
            at(T + 1_000);
            store.reapExpired(1_000);

            put(store, "b", 99, NEVER);

            assertThat(store.statistics()).isEqualTo(stats(1, 2, 1, 0, 100));
        }

        /** Through the real semantics: a refused Set leaves the session readable, and reads of a full store work. */
        @Test
        void refusedStateServerSetLeavesTheSessionAsItWas() {
            MemorySessionStore<SessionEntry> store = store(20);
            byte[] small = {1, 2, 3};
            send(store, "k", StateRequest.set(small, 20, false, null)); // 1 + 3 bytes

            Throwable refused = catchThrowable(() -> send(store, "k", StateRequest.set(new byte[20], 20, false, null)));
            assertThat(refused).hasCauseInstanceOf(StoreFullException.class);

            StateResult read = send(store, "k", StateRequest.get());
            assertThat(read.shape()).isEqualTo(Shape.DATA);
            assertThat(read.data()).containsExactly(1, 2, 3);
            assertThat(store.statistics().storedBytes()).isEqualTo(4);
        }

        @Test
        void readsLocksAndHeadStillWorkWhenTheStoreIsExactlyFull() {
            MemorySessionStore<SessionEntry> store = store(10);
            send(store, "k", StateRequest.set(new byte[9], 20, false, null)); // exactly 10 bytes

            assertThat(send(store, "k", StateRequest.getExclusive()).shape()).isEqualTo(Shape.DATA_LOCKED);
            assertThat(send(store, "k", StateRequest.get()).shape()).isEqualTo(Shape.LOCKED);
            assertThat(send(store, "k", StateRequest.resetTimeout()).shape()).isEqualTo(Shape.OK);
            assertThat(send(store, "k", StateRequest.releaseExclusive(2)).shape())
                    .isEqualTo(Shape.OK);
        }
    }

    @Nested
    class ForEach {
        @Test
        void visitsLiveEntriesAndSkipsExpiredOnes() {
            MemorySessionStore<Counter> store = store(0);
            put(store, "expired", 1, T + 1_000);
            put(store, "live", 2, T + 60_000);
            put(store, "forever", 3, NEVER);
            at(T + 1_000); // "expired" is expired but not reaped yet

            Map<String, Long> visited = new LinkedHashMap<>();
            store.forEach((key, value) -> visited.put(key, value.sizeInBytes()))
                    .toCompletableFuture()
                    .join();

            assertThat(visited).containsOnly(Map.entry("live", 2L), Map.entry("forever", 3L));
        }

        @Test
        void emptyStoreCompletes() {
            MemorySessionStore<Counter> store = store(0);
            AtomicInteger visits = new AtomicInteger();

            assertThat(store.forEach((key, value) -> visits.incrementAndGet()).toCompletableFuture())
                    .isCompleted();
            assertThat(visits).hasValue(0);
        }
    }

    @Nested
    class Concurrency {
        @Test
        void concurrentIncrementsOfOneKeyAreAtomic() throws Exception {
            MemorySessionStore<Counter> store = store(0);
            int threads = 8;
            int increments = 10_000;

            runConcurrently(threads, thread -> {
                for (int i = 0; i < increments; i++) {
                    run(
                            store,
                            "counter",
                            (current, now) -> Outcome.put(
                                    new Counter(current == null ? 1 : current.count() + 1, NEVER, 8), null));
                }
            });

            assertThat(lookup(store, "counter").count()).isEqualTo((long) threads * increments);
            assertThat(store.statistics()).isEqualTo(stats(1, 1, 0, 0, 7 + 8));
        }

        /** Spec: two connections acquiring the same key at once -> exactly one 200. */
        @Test
        void concurrentGetExclusiveGrantsExactlyOneLock() throws Exception {
            MemorySessionStore<SessionEntry> store = store(0);
            send(store, "session", StateRequest.set(new byte[] {1}, 20, false, null));
            AtomicInteger granted = new AtomicInteger();
            AtomicInteger refused = new AtomicInteger();
            List<Integer> cookies = Collections.synchronizedList(new ArrayList<>());

            runConcurrently(8, thread -> {
                for (int i = 0; i < 1_000; i++) {
                    StateResult result = send(store, "session", StateRequest.getExclusive());
                    if (result.shape() == Shape.DATA_LOCKED) {
                        granted.incrementAndGet();
                        cookies.add(result.lockCookie());
                    } else if (result.shape() == Shape.LOCKED) {
                        refused.incrementAndGet();
                    }
                }
            });

            assertThat(granted).hasValue(1);
            assertThat(refused).hasValue(8 * 1_000 - 1);
            assertThat(cookies).containsExactly(2);
        }

        /**
         * Writers slide and shorten expiries while the reaper runs and time moves: whatever the interleaving, no
         * byte or entry is lost or counted twice, and once everything has expired the store is empty.
         */
        @Test
        void reaperRacingWithWritersKeepsTheAccountingExact() throws Exception {
            MemorySessionStore<Counter> store = store(0);
            AtomicBoolean writing = new AtomicBoolean(true);
            ExecutorService reaper = Executors.newSingleThreadExecutor();
            Future<?> reaping = reaper.submit(() -> {
                while (writing.get()) {
                    clock.advance(Duration.ofMillis(137));
                    store.reapExpired(50);
                }
            });
            try {
                runConcurrently(4, thread -> {
                    for (int i = 0; i < 20_000; i++) {
                        String key = "k" + (i % 64);
                        long lifetime = (i % 7) * 400L; // 0 .. 2.4 s, so entries expire, shrink and slide
                        long size = i % 5;
                        if (i % 11 == 0) {
                            delete(store, key);
                        } else {
                            run(store, key, (current, now) -> Outcome.put(new Counter(0, now + lifetime, size), null));
                        }
                    }
                });
            } finally {
                writing.set(false);
                reaping.get(10, TimeUnit.SECONDS);
                reaper.shutdown();
            }

            long[] liveBytes = {0};
            store.forEach((key, value) -> liveBytes[0] += key.length() + value.sizeInBytes());
            at(clock.millis() + HOUR);
            assertThat(liveBytes[0]).isLessThanOrEqualTo(store.statistics().storedBytes());
            while (store.reapExpired(10_000) > 0) {
                // drain every due bucket
            }

            StoreStatistics after = store.statistics();
            assertThat(after.active()).isZero();
            assertThat(after.storedBytes()).isZero();
            assertThat(after.created()).isEqualTo(after.expired() + after.removed());
            assertThat(store.scheduledBuckets()).isZero();
        }
    }

    /** The store driven by the real StateServer rules (StateRequest is the Mutation). */
    @Nested
    class WithStateServerSemantics {
        @Test
        void newSessionFlowLocksAndReportsActionFlagsOnce() {
            MemorySessionStore<SessionEntry> store = store(0);
            byte[] empty = {0, 0, 0, 0, (byte) 0xFF};

            assertThat(send(store, "s", StateRequest.getExclusive())).isEqualTo(StateResult.NOT_FOUND);
            assertThat(send(store, "s", StateRequest.set(empty, 20, true, 0))).isEqualTo(StateResult.OK);
            StateResult first = send(store, "s", StateRequest.getExclusive());
            assertThat(first.shape()).isEqualTo(Shape.DATA_LOCKED);
            assertThat(first.lockCookie()).isEqualTo(2);
            assertThat(first.actionFlags()).isTrue();
            assertThat(first.data()).containsExactly(empty);
            assertThat(send(store, "s", StateRequest.set(new byte[] {9}, 20, false, 2)))
                    .isEqualTo(StateResult.OK);
            StateResult second = send(store, "s", StateRequest.getExclusive());
            assertThat(second.lockCookie()).isEqualTo(3);
            assertThat(second.actionFlags()).isFalse();
            assertThat(second.data()).containsExactly(9);
        }

        /** Spec: 423 answers slide expiry too, and locks do not stop expiry. */
        @Test
        void lockedSessionSlidesOn423AndStillExpires() {
            MemorySessionStore<SessionEntry> store = store(0);
            send(store, "s", StateRequest.set(new byte[] {1}, 1, false, null)); // 1-minute timeout
            send(store, "s", StateRequest.getExclusive());

            at(T + 50_000);
            assertThat(send(store, "s", StateRequest.get()).shape()).isEqualTo(Shape.LOCKED); // slides to T+110 s

            at(T + 60_000); // the original expiry's bucket comes due
            store.reapExpired(1_000);
            assertThat(store.statistics().active()).as("slid by the 423").isEqualTo(1);

            at(T + 110_000);
            store.reapExpired(1_000);
            assertThat(store.statistics()).as("locked, yet expired").isEqualTo(stats(0, 1, 1, 0, 0));
            assertThat(send(store, "s", StateRequest.get())).isEqualTo(StateResult.NOT_FOUND);
        }

        @Test
        void headKeepsAnUntouchedSessionAlive() {
            MemorySessionStore<SessionEntry> store = store(0);
            send(store, "s", StateRequest.set(new byte[] {1}, 1, false, null));
            for (long t = T + 50_000; t <= T + 10 * 60_000; t += 50_000) {
                at(t);
                store.reapExpired(1_000);
                assertThat(send(store, "s", StateRequest.resetTimeout()))
                        .as("at +%d ms", t - T)
                        .isEqualTo(StateResult.OK);
            }
            at(clock.millis() + 60_000);
            store.reapExpired(1_000);
            assertThat(store.statistics().active()).isZero();
        }

        @Test
        void timeoutZeroSessionIsNeverReaped() {
            MemorySessionStore<SessionEntry> store = store(0);
            send(store, "s", StateRequest.set(new byte[] {1}, 0, false, null));

            at(T + 10L * 365 * 24 * HOUR);
            assertThat(store.reapExpired(1_000)).isZero();
            assertThat(send(store, "s", StateRequest.get()).shape()).isEqualTo(Shape.DATA);
        }

        @Test
        void expiredSessionIsGoneAndComesBackWithAFreshCounter() {
            MemorySessionStore<SessionEntry> store = store(0);
            send(store, "s", StateRequest.set(new byte[] {1}, 1, false, null));
            send(store, "s", StateRequest.getExclusive()); // cookie 2
            at(T + 60_000);

            assertThat(send(store, "s", StateRequest.getExclusive())).isEqualTo(StateResult.NOT_FOUND);
            send(store, "s", StateRequest.set(new byte[] {2}, 1, false, null));
            assertThat(send(store, "s", StateRequest.getExclusive()).lockCookie())
                    .isEqualTo(2);
            assertThat(store.statistics()).isEqualTo(stats(1, 2, 1, 0, 1 + 1));
        }

        @Test
        void removeCountsAsAbandonedButA423RemoveDoesNot() {
            MemorySessionStore<SessionEntry> store = store(0);
            send(store, "s", StateRequest.set(new byte[] {1}, 20, false, null));
            send(store, "s", StateRequest.getExclusive());

            assertThat(send(store, "s", StateRequest.remove(null)).shape()).isEqualTo(Shape.LOCKED);
            assertThat(store.statistics().removed()).isZero();
            assertThat(send(store, "s", StateRequest.remove(2))).isEqualTo(StateResult.OK);
            assertThat(store.statistics()).isEqualTo(stats(0, 1, 0, 1, 0));
            assertThat(send(store, "s", StateRequest.remove(2))).isEqualTo(StateResult.NOT_FOUND);
        }
    }

    @Nested
    class Settings {
        @Test
        void rejectsNegativeMemoryAndNonPositiveReaperSettings() {
            assertThatThrownBy(() -> new MemoryStoreSettings(-1, 100, 10))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("max-memory");
            assertThatThrownBy(() -> new MemoryStoreSettings(0, 0, 10)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> new MemoryStoreSettings(0, 100, 0)).isInstanceOf(IllegalArgumentException.class);
        }

        @Test
        void withMaxMemoryUsesTheDefaultReaperSettings() {
            assertThat(MemoryStoreSettings.withMaxMemory(42)).isEqualTo(new MemoryStoreSettings(42, 100, 20_000, 200));
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    private interface ThreadBody {
        void run(int thread) throws Exception;
    }

    /** Starts all bodies at once (a latch as the starting gun) and waits for them, failing on any error. */
    private static void runConcurrently(int threads, ThreadBody body) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    body.run(thread);
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
