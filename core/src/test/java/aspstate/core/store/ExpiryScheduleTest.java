package aspstate.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The reaper's index: keys grouped by the second in which they come due. */
class ExpiryScheduleTest {

    private final ExpirySchedule schedule = new ExpirySchedule();

    static Stream<Arguments> bucketFor() {
        return Stream.of(
                arguments("exact second stays in that second", 5_000L, 5L),
                arguments("1 ms after a second rounds up", 5_001L, 6L),
                arguments("in between rounds up", 5_500L, 6L),
                arguments("1 ms before a second rounds up to it", 5_999L, 6L),
                arguments("epoch", 0L, 0L),
                arguments("negative exact second", -1_000L, -1L),
                arguments("negative in between rounds towards +infinity", -1L, 0L),
                arguments("negative in between rounds towards +infinity (2)", -1_999L, -1L),
                arguments("a realistic time", 1_700_000_000_001L, 1_700_000_001L),
                arguments("NEVER is not scheduled", StoredValue.NEVER, ExpirySchedule.UNSCHEDULED),
                arguments("1 ms before NEVER is a real (far) bucket", Long.MAX_VALUE - 1, 9_223_372_036_854_776L));
    }

    /** The bucket is the first whole second at or after the expiry, so a due bucket only holds expired keys. */
    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @MethodSource
    void bucketFor(String rule, long expiresAtMillis, long bucket) {
        assertThat(ExpirySchedule.bucketFor(expiresAtMillis)).isEqualTo(bucket);
        if (bucket < Long.MAX_VALUE / 1000) { // the defining property, where bucket * 1000 fits in a long
            assertThat(bucket * 1000)
                    .as("the bucket's second starts at or after the expiry")
                    .isGreaterThanOrEqualTo(expiresAtMillis);
            assertThat((bucket - 1) * 1000).as("and is the first such second").isLessThan(expiresAtMillis);
        }
    }

    @Test
    void emptyScheduleHasNothingDue() {
        assertThat(schedule.pollDue(Long.MAX_VALUE)).isNull();
        assertThat(schedule.bucketCount()).isZero();
    }

    @Test
    void bucketIsDueOnlyOnceItsSecondHasBegun() {
        schedule.add(6, "k");

        assertThat(schedule.pollDue(5_999)).isNull();
        ExpirySchedule.Due due = schedule.pollDue(6_000);

        assertThat(due.bucket()).isEqualTo(6);
        assertThat(due.keys()).containsExactly("k");
        assertThat(schedule.bucketCount()).isZero();
    }

    @Test
    void dueBucketsComeOutEarliestFirstWithKeysInFilingOrder() {
        schedule.add(7, "g");
        schedule.add(5, "a");
        schedule.add(6, "d");
        schedule.add(5, "b");
        schedule.add(9, "late");
        schedule.add(5, "c");
        assertThat(schedule.bucketCount()).isEqualTo(4);

        List<String> order = new ArrayList<>();
        ExpirySchedule.Due due;
        while ((due = schedule.pollDue(7_000)) != null) {
            order.add(due.bucket() + ":" + String.join(",", due.keys()));
        }

        assertThat(order).containsExactly("5:a,b,c", "6:d", "7:g");
        assertThat(schedule.bucketCount()).as("bucket 9 is not due yet").isEqualTo(1);
    }

    @Test
    void bucketKeepsMoreKeysThanItsInitialCapacity() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            keys.add("k" + i);
            schedule.add(1, "k" + i);
        }

        assertThat(schedule.pollDue(1_000).keys()).containsExactlyElementsOf(keys);
    }

    /**
     * A writer can file a key in a second the reaper has already passed (it read the clock just before the reaper
     * polled). That bucket is the earliest, so the next poll returns it and the key is not orphaned.
     */
    @Test
    void bucketCreatedLateForAPastSecondIsStillReturned() {
        schedule.add(5, "on time");
        assertThat(schedule.pollDue(10_000).keys()).containsExactly("on time");
        assertThat(schedule.pollDue(10_000)).isNull();

        schedule.add(5, "late, same second"); // the polled bucket is closed: a fresh one replaces it
        schedule.add(3, "late, earlier second");

        assertThat(schedule.pollDue(10_000).keys()).containsExactly("late, earlier second");
        assertThat(schedule.pollDue(10_000).keys()).containsExactly("late, same second");
        assertThat(schedule.pollDue(10_000)).isNull();
    }

    /** Guards the overflow fixed in pollDue: bucket * 1000 must not wrap around and look due. */
    @Test
    void bucketNearTheEndOfTimeIsNotDue() {
        schedule.add(ExpirySchedule.bucketFor(Long.MAX_VALUE - 1), "far");

        assertThat(schedule.pollDue(System.currentTimeMillis())).isNull();
        assertThat(schedule.pollDue(Long.MAX_VALUE)).isNull();
        assertThat(schedule.bucketCount()).isEqualTo(1);
    }

    /**
     * Writers filing into past seconds while the reaper polls: every key comes out exactly once, whichever side wins
     * each race (append before close, or append refused and retried in a fresh bucket).
     */
    @Test
    void concurrentFilingAndPollingNeitherLosesNorDuplicatesAKey() throws Exception {
        int writers = 4;
        int keysPerWriter = 50_000;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Future<?>> filing = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            filing.add(pool.submit(() -> {
                for (int i = 0; i < keysPerWriter; i++) {
                    schedule.add(i % 3, writer + ":" + i); // seconds 0..2, all long past
                }
            }));
        }
        List<String> polled = new ArrayList<>();
        try {
            while (!filing.stream().allMatch(Future::isDone)) {
                drainInto(polled);
            }
            for (Future<?> f : filing) {
                f.get(10, TimeUnit.SECONDS); // surfaces a writer's exception
            }
        } finally {
            pool.shutdownNow();
        }
        drainInto(polled);

        Set<String> distinct = new HashSet<>(polled);
        assertThat(polled).hasSize(writers * keysPerWriter);
        assertThat(distinct).hasSize(writers * keysPerWriter);
        assertThat(schedule.bucketCount()).isZero();
    }

    private void drainInto(List<String> polled) {
        ExpirySchedule.Due due;
        while ((due = schedule.pollDue(10_000)) != null) {
            polled.addAll(List.of(due.keys()));
        }
    }
}
