package aspstate.store.infinispan;

import aspstate.store.journal.Fsync;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.core.ManualClock;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateRequest;
import aspstate.core.stateserver.StateResult;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoreStatistics;
import aspstate.core.store.StoredValue;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One durable node ({@code --data-dir}, no cluster), in process, with a hand-driven clock that Infinispan's expiry
 * follows too. A restart here is a stop and a start of the stores on the same directory; the server's tests kill the
 * process instead.
 */
class DurableStoreTest {
    private static final long T = 1_700_000_000_000L;
    private static final long MINUTE = 60_000L;
    static final List<String> NAMES = List.of("stateserver", "sqlstate-sessions", "sqlstate-appids", "spstate-items");
    private static final byte[] DATA = {0, '\r', '\n', '\r', '\n', (byte) 0xFF, 'x'};

    @TempDir
    Path directory;

    private final ManualClock clock = new ManualClock(T);
    private final List<InfinispanStores> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(InfinispanStores::close);
    }

    private InfinispanStores start(long maxMemoryBytes, Fsync fsync) {
        InfinispanStores stores = InfinispanStores.start(new InfinispanSettings(
                        Optional.of(new Durability(directory, fsync)), Optional.empty(),
                        InfinispanSettings.DEFAULT_QUORUM_TIMEOUT),
                NAMES, clock, new MemoryBudget(maxMemoryBytes), 0);
        started.add(stores);
        return stores;
    }

    private InfinispanStores start() {
        return start(0, Fsync.OFF);
    }

    private void restart(InfinispanStores stores) {
        stores.close();
        started.remove(stores);
    }

    static <V extends StoredValue, R> R run(SessionStore<V> store, String key, Mutation<V, R> mutation) {
        return store.execute(key, mutation).toCompletableFuture().join();
    }

    static StateResult send(SessionStore<SessionEntry> store, String key, StateRequest request) {
        return run(store, key, request);
    }

    static <V extends StoredValue> V read(SessionStore<V> store, String key) {
        return run(store, key, (current, now) -> Outcome.keep(current));
    }

    static <V extends StoredValue> void write(SessionStore<V> store, String key, V value) {
        run(store, key, (current, now) -> Outcome.put(value, null));
    }

    /** Waits (bounded) until the condition holds; the stores count and reap on their own threads, every second. */
    static void await(String what, Supplier<Boolean> condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.get()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 30 s: " + what);
            }
            Thread.onSpinWait();
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }

    @Test
    void everyKindOfValueComesBackAfterARestartFieldForField() {
        InfinispanStores stores = start();
        SessionStore<SessionEntry> sessions = stores.store("stateserver");
        send(sessions, "/app/locked", StateRequest.set(DATA, 20, false, null));
        StateResult locked = send(sessions, "/app/locked", StateRequest.getExclusive());
        send(sessions, "/app/new", StateRequest.set(DATA, 0, true, 0));
        SqlSessionItem item = new SqlSessionItem(null, DATA, 20, T + 20 * MINUTE, true, T - 5_000, 9,
                SqlSessionItem.FLAG_UNINITIALIZED, T - 60_000);
        write(stores.store("sqlstate-sessions"), "abcdefghijklmnopqrstuvwx0000002a", item);
        AppRegistration app = new AppRegistration("/lm/w3svc/1/root", 538_231_025);
        write(stores.store("sqlstate-appids"), "appname:/lm/w3svc/1/root", app);
        SharePointStateItem spItem = new SharePointStateItem(new byte[0], 60, T + 60 * MINUTE, false, T, 1);
        write(stores.store("spstate-items"), "sp-1", spItem);
        SessionEntry lockedBefore = read(sessions, "/app/locked");
        SessionEntry newBefore = read(sessions, "/app/new");

        restart(stores);
        InfinispanStores again = start();

        assertThat(locked.lockCookie()).isEqualTo(2);
        SessionStore<SessionEntry> sessionsAgain = again.store("stateserver");
        assertThat(read(sessionsAgain, "/app/locked")).usingRecursiveComparison().isEqualTo(lockedBefore);
        assertThat(read(sessionsAgain, "/app/new")).usingRecursiveComparison().isEqualTo(newBefore);
        assertThat(newBefore.uninitialized()).isTrue();
        assertThat(read(again.<SqlSessionItem>store("sqlstate-sessions"), "abcdefghijklmnopqrstuvwx0000002a"))
                .usingRecursiveComparison().isEqualTo(item);
        assertThat(read(again.<AppRegistration>store("sqlstate-appids"), "appname:/lm/w3svc/1/root"))
                .isEqualTo(app);
        assertThat(read(again.<SharePointStateItem>store("spstate-items"), "sp-1"))
                .usingRecursiveComparison().isEqualTo(spItem);
        StateResult release = send(sessionsAgain, "/app/locked", StateRequest.releaseExclusive(2));
        assertThat(release.shape()).as("the lock taken before the restart is released by its cookie")
                .isEqualTo(StateResult.Shape.OK);
        assertThat(send(sessionsAgain, "/app/locked", StateRequest.getExclusive()).lockCookie())
                .as("the cookie counter went on where it was").isEqualTo(3);
    }

    @Test
    void theCountersCarryOnAcrossARestart() {
        InfinispanStores stores = start();
        SessionStore<SessionEntry> sessions = stores.store("stateserver");
        for (int i = 0; i < 5; i++) {
            send(sessions, "/app/s" + i, StateRequest.set(DATA, 20, false, null));
        }
        send(sessions, "/app/s0", StateRequest.remove(null));
        await("counted", () -> sessions.statistics().active() == 4);
        StoreStatistics before = sessions.statistics();
        assertThat(before).isEqualTo(new StoreStatistics(4, 5, 0, 1, 4 * ("/app/s1".length() + DATA.length)));

        restart(stores);
        SessionStore<SessionEntry> again = start().store("stateserver");

        assertThat(again.statistics()).isEqualTo(before);
        send(again, "/app/s9", StateRequest.set(DATA, 20, false, null));
        await("the created total goes on from 5", () -> again.statistics().created() == 6);
    }

    @Test
    void theReaperReclaimsExpiredSessionsWithoutALookupAndCountsThemOnce() {
        InfinispanStores stores = start();
        SessionStore<SessionEntry> sessions = stores.store("stateserver");
        send(sessions, "/app/short", StateRequest.set(DATA, 1, false, null));
        send(sessions, "/app/long", StateRequest.set(DATA, 30, false, null));
        send(sessions, "/app/forever", StateRequest.set(DATA, 0, false, null));

        clock.advance(Duration.ofMinutes(1));

        await("the short session reaped", () -> sessions.statistics().expired() == 1
                && sessions.statistics().active() == 2);
        assertThat(read(sessions, "/app/short")).isNull();
        clock.advance(Duration.ofDays(400));
        await("the 30-minute session reaped", () -> sessions.statistics().expired() == 2);
        assertThat(read(sessions, "/app/forever")).as("Timeout 0 never expires").isNotNull();
        assertThat(sessions.statistics()).isEqualTo(new StoreStatistics(1, 3, 2, 0,
                "/app/forever".length() + DATA.length));
    }

    @Test
    void anExpiredSessionIsNeverHandedOutEvenBeforeTheReaperRuns() {
        InfinispanStores stores = start();
        SessionStore<SessionEntry> sessions = stores.store("stateserver");
        send(sessions, "/app/s", StateRequest.set(DATA, 1, false, null));

        clock.advance(Duration.ofMinutes(1));

        assertThat(send(sessions, "/app/s", StateRequest.get()).shape()).isEqualTo(StateResult.Shape.NOT_FOUND);
        await("counted once", () -> sessions.statistics().expired() == 1);
        assertThat(sessions.statistics().created()).isEqualTo(1);
    }

    @Test
    void slidingExpiryIsPersistedAndExpiryRunsOnWallClockTimeAcrossARestart() {
        InfinispanStores stores = start();
        SessionStore<SessionEntry> sessions = stores.store("stateserver");
        send(sessions, "/app/slid", StateRequest.set(DATA, 10, false, null));
        send(sessions, "/app/idle", StateRequest.set(DATA, 10, false, null));
        clock.advance(Duration.ofMinutes(8));
        send(sessions, "/app/slid", StateRequest.get()); // now expires at 18 minutes
        restart(stores);

        clock.advance(Duration.ofMinutes(5)); // 13 minutes: "idle" expired while the server was down
        SessionStore<SessionEntry> again = start().store("stateserver");

        assertThat(read(again, "/app/idle")).isNull();
        assertThat(read(again, "/app/slid")).isNotNull();
        assertThat(read(again, "/app/slid").expiresAtMillis()).isEqualTo(T + 18 * MINUTE);
        await("only the slid session is live", () -> again.statistics().active() == 1);
    }

    @Test
    void aWriteBeyondMaxMemoryIsRefusedAndChangesNothing() {
        String key = "/app/s";
        // Room for the session and a few bytes more, not for twice its data.
        InfinispanStores stores = start(key.length() + DATA.length + DATA.length - 1, Fsync.OFF);
        SessionStore<SessionEntry> sessions = stores.store("stateserver");
        send(sessions, key, StateRequest.set(DATA, 20, false, null));
        byte[] big = new byte[DATA.length * 2];

        assertThatThrownBy(() -> send(sessions, key, StateRequest.set(big, 20, false, null)))
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(StoreFullException.class);

        assertThat(read(sessions, key).data()).isEqualTo(DATA);
        send(sessions, key, StateRequest.set(new byte[DATA.length - 1], 20, false, null));
        assertThat(read(sessions, key).data()).as("a smaller write still fits").hasSize(DATA.length - 1);
    }

    @Test
    void twoOfOneSessionsAcquiresGiveExactlyOneLock() throws Exception {
        SessionStore<SessionEntry> sessions = start().store("stateserver");
        int keys = 50;
        for (int k = 0; k < keys; k++) {
            send(sessions, "/app/" + k, StateRequest.set(DATA, 20, false, null));
        }
        List<Thread> threads = new ArrayList<>();
        int[] winners = new int[keys];
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                for (int k = 0; k < keys; k++) {
                    if (send(sessions, "/app/" + k, StateRequest.getExclusive()).shape() == StateResult.Shape.DATA_LOCKED) {
                        synchronized (winners) {
                            winners[k]++;
                        }
                    }
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        }

        for (int k = 0; k < keys; k++) {
            assertThat(winners[k]).as("acquires of /app/%d answered with the data", k).isEqualTo(1);
            assertThat(read(sessions, "/app/" + k).lockCookie()).isEqualTo(2);
        }
    }

    @Test
    void aSecondServerOnTheSameDirectoryIsRefusedWithTheReason() {
        start();

        assertThatThrownBy(this::start).isInstanceOf(StoreStartException.class)
                .hasMessageContaining("in use by another running aspstate")
                .satisfies(e -> assertThat(((StoreStartException) e).reason())
                        .isEqualTo(StoreStartException.Reason.DATA_DIRECTORY_IN_USE));
    }

    @Test
    void fsyncAlwaysStoresAndReloadsToo() {
        InfinispanStores stores = start(0, Fsync.ALWAYS);
        send(stores.store("stateserver"), "/app/s", StateRequest.set("synced".getBytes(StandardCharsets.UTF_8),
                20, false, null));
        restart(stores);

        SessionEntry back = read(start(0, Fsync.ALWAYS).store("stateserver"), "/app/s");

        assertThat(new String(back.data(), StandardCharsets.UTF_8)).isEqualTo("synced");
    }
}
