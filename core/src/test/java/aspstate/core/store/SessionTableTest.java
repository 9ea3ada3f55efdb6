package aspstate.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The memory store's table: a map with a mark per entry, checked against java.util.HashMap as the model. */
class SessionTableTest {
    /** A fixed hash key, so that every run lays the entries out alike. */
    private final SessionTable<String> table = new SessionTable<>(0x5eed_0001L, 0x5eed_0002L);

    @Test
    void anAbsentKeyHasNoValueAndPutInsertsIt() {
        Access seen = access("k", entry -> {
            assertThat(entry.present()).isFalse();
            assertThat(entry.value()).isNull();
            assertThat(entry.key()).isEqualTo("k");
            entry.put("v", 7);
        });
        assertThat(seen.presentAfter()).as("after put").isTrue();

        access("k", entry -> {
            assertThat(entry.present()).isTrue();
            assertThat(entry.value()).isEqualTo("v");
            assertThat(entry.mark()).isEqualTo(7);
        });
        assertThat(table.size()).isEqualTo(1);
    }

    /** The reaper files the table's own key object, not the caller's copy, so only one copy stays alive. */
    @Test
    void keyIsTheOneTheTableHolds() {
        String stored = new String("session");
        access(stored, entry -> entry.put("v", 0));

        access(new String("session"), entry -> assertThat(entry.key()).isSameAs(stored));
    }

    @Test
    void theMarkOfAnAbsentEntryIsRefused() {
        assertThatThrownBy(() -> access("none", SessionTable.EntryAccess::mark))
                .isInstanceOf(IllegalStateException.class);
    }

    /** The access throws: the lock is released and the table is as before, so the next access proceeds. */
    @Test
    void anAccessThatThrowsLeavesTheTableUsable() {
        access("k", entry -> entry.put("v", 1));
        assertThatThrownBy(() -> access("k", entry -> {
                    throw new IllegalArgumentException("boom");
                }))
                .hasMessage("boom");

        access("k", entry -> assertThat(entry.value()).isEqualTo("v"));
    }

    /** An access that opens another on the same segment would find its position moved under it: refused. */
    @Test
    void anAccessThatUsesTheTableItselfIsRefused() {
        assertThatThrownBy(() -> access("k", outer -> access("k", inner -> inner.put("v", 0))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("used the table itself");

        access(
                "k",
                entry -> assertThat(entry.present()).as("nothing was stored").isFalse());
    }

    /**
     * Random puts, mark changes and removals over a pool of keys, checked against a HashMap after each step and in
     * full (forEach, size) along the way. With 5,000 keys over 256 segments each segment grows several times and
     * holds runs of neighbouring entries, so removals shift entries back across runs and across the array's end.
     */
    @Test
    void behavesAsAMapUnderRandomPutsAndRemovals() {
        List<String> pool = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            pool.add("key-" + i);
        }
        checkAgainstAMap(pool, 300_000);
    }

    /**
     * 400 keys chosen to share one segment, so that it grows to 512 slots and shrinks back as it is emptied,
     * with long probe runs that wrap past the end of its arrays: the case a back-shift removal most easily gets wrong.
     */
    @Test
    void behavesAsAMapWithManyKeysInOneSegment() {
        List<String> pool = new ArrayList<>();
        for (int i = 0; pool.size() < 400; i++) {
            String key = "crowded-" + i;
            if (table.hashOf(key) >>> (Long.SIZE - 8) == 0) {
                pool.add(key);
            }
        }
        checkAgainstAMap(pool, 100_000);
    }

    private void checkAgainstAMap(List<String> pool, int steps) {
        Random random = new Random(7);
        Map<String, String> values = new HashMap<>();
        Map<String, Integer> marks = new HashMap<>();
        for (int step = 0; step < steps; step++) {
            String key = pool.get(random.nextInt(pool.size()));
            int choice = random.nextInt(10);
            int mark = random.nextInt();
            String value = "v" + step;
            access(key, entry -> {
                assertThat(entry.present()).isEqualTo(values.containsKey(key));
                assertThat(entry.value()).isEqualTo(values.get(key));
                if (entry.present()) {
                    assertThat(entry.mark()).isEqualTo(marks.get(key));
                }
                if (choice < 5) {
                    entry.put(value, mark);
                    values.put(key, value);
                    marks.put(key, mark);
                } else if (choice < 7 && entry.present()) {
                    entry.setMark(mark);
                    marks.put(key, mark);
                } else {
                    entry.remove();
                    assertThat(entry.present()).isFalse();
                    values.remove(key);
                    marks.remove(key);
                }
            });
            if (step % 50_000 == 0 || step == steps - 1) {
                assertThat(contents()).isEqualTo(values);
                assertThat(table.size()).isEqualTo(values.size());
            }
        }
        // Then empty it in random order, so that segments shrink while entries are left in them.
        List<String> left = new ArrayList<>(values.keySet());
        Collections.shuffle(left, random);
        for (int i = 0; i < left.size(); i++) {
            access(left.get(i), SessionTable.EntryAccess::remove);
            values.remove(left.get(i));
            if (i % 50 == 0) {
                assertThat(contents()).isEqualTo(values);
            }
        }
        assertThat(table.size()).isZero();
    }

    @Test
    void removingEverythingLeavesItEmptyAndEveryKeyCanComeBack() {
        for (int i = 0; i < 20_000; i++) {
            String key = "k" + i;
            access(key, entry -> entry.put(key, 0));
        }
        for (int i = 0; i < 20_000; i++) {
            access("k" + i, SessionTable.EntryAccess::remove);
        }
        assertThat(table.size()).isZero();
        assertThat(contents()).isEmpty();

        access("k5", entry -> entry.put("again", 0));
        assertThat(contents()).containsExactly(Map.entry("k5", "again"));
    }

    /** Four threads add to counters kept in the table: no update is lost, whichever segment the keys share. */
    @Test
    void concurrentUpdatesOfTheSameKeysAreNotLost() throws Exception {
        int threads = 4;
        int rounds = 20_000;
        int keys = 300;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                workers.add(pool.submit(() -> {
                    for (int i = 0; i < rounds; i++) {
                        access("counter-" + i % keys, entry -> entry.put("", entry.present() ? entry.mark() + 1 : 1));
                    }
                }));
            }
            for (Future<?> worker : workers) {
                worker.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        int total = 0;
        for (int k = 0; k < keys; k++) {
            int[] count = new int[1];
            access("counter-" + k, entry -> count[0] = entry.mark());
            total += count[0];
        }
        assertThat(total).isEqualTo(threads * rounds);
        assertThat(table.size()).isEqualTo(keys);
    }

    /**
     * A removed entry's slot keeps neither its key nor its value, so the value can be collected at once rather than
     * when the segment next resizes. Two keys of one segment (8 slots, so no resize either way) with home slots
     * apart, so that removing one shifts nothing into its slot.
     */
    @Test
    void aRemovedValueIsNoLongerHeld() {
        String removed = keyInSegmentZeroAtHome(0);
        String kept = keyInSegmentZeroAtHome(4);
        List<WeakReference<String>> value = new ArrayList<>();
        access(removed, entry -> {
            String stored = new String("value");
            value.add(new WeakReference<>(stored));
            entry.put(stored, 0);
        });
        access(kept, entry -> entry.put("kept", 0));

        access(removed, SessionTable.EntryAccess::remove);

        for (int i = 0; i < 20 && value.get(0).get() != null; i++) {
            System.gc(); // a full collection with the JVM's collectors; bounded, as a request could be ignored
        }
        assertThat(value.get(0).get()).as("the removed value").isNull();
        assertThat(contents()).containsOnly(Map.entry(kept, "kept"));
    }

    /** A key the table files in segment 0 with the given home slot in a segment of the initial 8 slots. */
    private String keyInSegmentZeroAtHome(int slot) {
        for (int i = 0; ; i++) {
            String key = "k" + i;
            long hash = table.hashOf(key);
            if (hash >>> (Long.SIZE - 8) == 0 && ((int) hash & 7) == slot) {
                return key;
            }
        }
    }

    private Map<String, String> contents() {
        Map<String, String> contents = new HashMap<>();
        table.forEach((key, value) ->
                assertThat(contents.put(key, value)).as("visited once: " + key).isNull());
        return contents;
    }

    private Access access(String key, Consumer<Access> body) {
        Access access = new Access(body);
        table.access(key, access);
        return access;
    }

    /** An access that runs a test's lambda, and remembers whether the entry was present when it ended. */
    private static final class Access extends SessionTable.EntryAccess<String> {
        private final Consumer<Access> body;
        private boolean presentAfter;

        Access(Consumer<Access> body) {
            this.body = body;
        }

        @Override
        protected void run() {
            body.accept(this);
            presentAfter = present();
        }

        boolean presentAfter() {
            return presentAfter;
        }
    }
}
