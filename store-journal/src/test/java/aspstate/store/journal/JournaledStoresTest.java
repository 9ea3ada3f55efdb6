package aspstate.store.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import aspstate.core.ManualClock;
import aspstate.core.corecache.CacheEntry;
import aspstate.core.corecache.SqlTime;
import aspstate.core.spstate.SharePointStateItem;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.stateserver.SessionEntry;
import aspstate.core.stateserver.StateRequest;
import aspstate.core.stateserver.StateResult;
import aspstate.core.store.MemoryBudget;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionStore;
import aspstate.core.store.StoreFullException;
import aspstate.core.store.StoreUnavailableException;
import aspstate.core.store.StoredValue;
import aspstate.core.stores.StoreId;
import aspstate.core.testing.Await;
import aspstate.core.testing.CapturedLog;
import ch.qos.logback.classic.Level;
import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.ref.WeakReference;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The journal under the memory stores, on real files in a temporary directory: what comes back after a restart, when
 * answers are released, and what a torn, damaged or full disk does. The disk is the real one, wrapped where a test
 * needs to hold its syncs or make its writes fail ({@link ControlledChannel}).
 */
class JournaledStoresTest {
    private static final long NOW = 1_800_000_000_000L;

    @TempDir
    Path directory;

    private final ManualClock clock = new ManualClock(NOW);
    private final ScheduledExecutorService reaper = MemorySessionStore.newReaper();
    private final List<JournaledStores> opened = new ArrayList<>();

    @AfterEach
    void close() {
        opened.forEach(JournaledStores::close);
        reaper.shutdownNow();
    }

    private JournaledStores open(JournalSettings settings, FileOpener files) {
        return open(settings, files, TurnEnd.NOW);
    }

    /** A journal whose wake-ups at the end of a turn run when {@code turns} says (the test's own turns). */
    private JournaledStores open(JournalSettings settings, FileOpener files, TurnEnd turns) {
        JournaledStores stores = JournaledStores.open(
                settings, clock, MemoryStoreSettings.withMaxMemory(0), new MemoryBudget(0), reaper, turns, files);
        opened.add(stores);
        return stores;
    }

    private JournaledStores open(FileOpener files) {
        return open(new JournalSettings(directory, Fsync.ALWAYS), files);
    }

    /**
     * A journal on {@code disk} once its next segment is made ahead: from then on only writes sync data until a
     * segment fills, so a test can count the syncs its writes cause.
     */
    private JournaledStores openWithTheNextSegmentAhead(JournalSettings settings, ControlledChannel.Disk disk) {
        JournaledStores stores = open(settings, disk);
        awaitTheNextSegmentAhead(stores);
        return stores;
    }

    /**
     * Waits until the next segment is listed ahead and the writer has no switch to settle: until the next write,
     * the journal then syncs nothing and renames, makes or deletes no listed file.
     */
    private void awaitTheNextSegmentAhead(JournaledStores stores) {
        Await.until(
                "the next segment is listed ahead and the writer renames nothing",
                () -> lastListed().ahead() && !stores.journal().settling());
    }

    private JournaledStores open() {
        return open(FileOpener.PLAIN);
    }

    private JournaledStores reopen(JournaledStores stores) {
        stores.close();
        opened.remove(stores);
        return open();
    }

    private static <V extends StoredValue, R> R run(SessionStore<V> store, String key, Mutation<V, R> mutation) {
        return store.execute(key, mutation).toCompletableFuture().join();
    }

    private static <V extends StoredValue> void put(SessionStore<V> store, String key, V value) {
        run(store, key, (current, now) -> Outcome.put(value, null));
    }

    private static <V extends StoredValue> V read(SessionStore<V> store, String key) {
        return run(store, key, (current, now) -> Outcome.keep(current));
    }

    private static SessionEntry entry(JournaledStores stores, String key) {
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        return read(state, key);
    }

    private static byte[] bytes(int length, int seed) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 31 + seed);
        }
        return bytes;
    }

    /** The segment being written (the last one listed, or the one before it when the last is made ahead). */
    private Path activeSegment() throws IOException {
        List<Manifest.Segment> segments = Manifest.read(directory).orElseThrow().segments();
        return directory.resolve(segments.stream()
                .filter(each -> !each.ahead())
                .reduce((first, second) -> second)
                .orElseThrow()
                .file());
    }

    @Test
    void everyKindOfValueComesBackExactlyWithItsLockCookieFlagsAndExpiry() {
        JournaledStores stores = open();
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        byte[] data = bytes(5000, 1);
        assertThat(run(state, "/app/locked", StateRequest.set(data, 20, false, null)))
                .isEqualTo(StateResult.OK);
        StateResult locked = run(state, "/app/locked", StateRequest.getExclusive());
        assertThat(locked.lockCookie()).isEqualTo(2);
        run(state, "/app/new", StateRequest.set(new byte[] {7}, 30, true, null));
        run(state, "/app/gone", StateRequest.set(new byte[] {8}, 30, false, null));
        run(state, "/app/gone", StateRequest.remove(null));
        SqlSessionItem item = new SqlSessionItem(
                bytes(100, 2),
                bytes(9000, 3),
                20,
                NOW + 60_000,
                true,
                NOW - 5,
                7,
                SqlSessionItem.FLAG_UNINITIALIZED,
                NOW - 99);
        put(stores.store(StoreId.SQL_SESSIONS), "sqlitem", item);
        SqlSessionItem onlyLong = new SqlSessionItem(null, bytes(10, 4), 20, NOW + 60_000, false, NOW, 1, 0, NOW);
        put(stores.store(StoreId.SQL_SESSIONS), "onlylong", onlyLong);
        AppRegistration app = new AppRegistration("/lm/w3svc/1/root/\u0101pp\ud800", 42);
        put(stores.store(StoreId.SQL_APP_IDS), "appname:x", app);
        SharePointStateItem nothing = new SharePointStateItem(null, 5, NOW + 300_000, true, NOW, 3);
        put(stores.store(StoreId.SHAREPOINT_ITEMS), "sp", nothing);
        SessionEntry lockedBefore = read(state, "/app/locked");

        JournaledStores back = reopen(stores);

        SessionEntry lockedAfter = entry(back, "/app/locked");
        assertThat(lockedAfter.data()).isEqualTo(data);
        assertThat(lockedAfter.toString()).isEqualTo(lockedBefore.toString());
        assertThat(lockedAfter.locked()).isTrue();
        assertThat(lockedAfter.lockCookie()).isEqualTo(2);
        SessionEntry fresh = entry(back, "/app/new");
        assertThat(fresh.uninitialized()).isTrue();
        assertThat(fresh.data()).containsExactly(7);
        assertThat(entry(back, "/app/gone")).isNull();
        SqlSessionItem itemBack = read(back.store(StoreId.SQL_SESSIONS), "sqlitem");
        assertThat(itemBack.itemShort()).isEqualTo(item.itemShort());
        assertThat(itemBack.itemLong()).isEqualTo(item.itemLong());
        assertThat(itemBack.toString()).isEqualTo(item.toString());
        assertThat(read(back.store(StoreId.SQL_SESSIONS), "onlylong").itemShort())
                .isNull();
        assertThat(read(back.store(StoreId.SQL_APP_IDS), "appname:x")).isEqualTo(app);
        SharePointStateItem spBack = read(back.store(StoreId.SHAREPOINT_ITEMS), "sp");
        assertThat(spBack.item()).isNull();
        assertThat(spBack.toString()).isEqualTo(nothing.toString());
    }

    @Test
    void aCacheEntryComesBackWithItsExpirationsEitherOfThemNullAndItsRenewedExpiry() {
        JournaledStores stores = open();
        SessionStore<CacheEntry> cache = stores.store(StoreId.CORE_CACHE_ENTRIES);
        long expires = SqlTime.ofMillis(NOW + 60_000) + 1;
        CacheEntry sliding = new CacheEntry(bytes(3000, 6), expires, 1200L, null);
        put(cache, "[dbo].[cache]/sliding", sliding);
        CacheEntry absolute = new CacheEntry(new byte[0], expires, null, SqlTime.ofMillis(NOW + 90_000));
        put(cache, "[dbo].[cache]/absolute", absolute);
        CacheEntry both = new CacheEntry(new byte[] {9}, expires, 0L, expires);
        put(cache, "[dbo].[cache]/both", both);
        CacheEntry renewed = new CacheEntry(sliding.value(), expires + SqlTime.TICKS_PER_SECOND, 1200L, null);
        put(cache, "[dbo].[cache]/sliding", renewed);

        JournaledStores back = reopen(stores);

        SessionStore<CacheEntry> cacheBack = back.store(StoreId.CORE_CACHE_ENTRIES);
        Map<String, CacheEntry> expected = Map.of(
                "[dbo].[cache]/sliding", renewed, "[dbo].[cache]/absolute", absolute, "[dbo].[cache]/both", both);
        expected.forEach((key, entry) -> {
            CacheEntry entryBack = read(cacheBack, key);
            assertThat(entryBack.value()).as(key).isEqualTo(entry.value());
            assertThat(entryBack.expiresAtTicks()).as(key).isEqualTo(entry.expiresAtTicks());
            assertThat(entryBack.slidingExpirationSeconds()).as(key).isEqualTo(entry.slidingExpirationSeconds());
            assertThat(entryBack.absoluteExpirationTicks()).as(key).isEqualTo(entry.absoluteExpirationTicks());
        });
    }

    @Test
    void aChangeThatKeepsTheSessionsBytesIsLoggedAsItsMetadataAlone() throws IOException {
        JournaledStores stores = open();
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        run(state, "/app/s", StateRequest.set(bytes(10_000, 5), 20, false, null));
        long afterWrite = Files.size(activeSegment());
        clock.advance(Duration.ofMinutes(1));
        run(state, "/app/s", StateRequest.getExclusive());
        run(state, "/app/s", StateRequest.releaseExclusive(2));
        assertThat(Files.size(activeSegment()) - afterWrite)
                .as("two records without the 10,000 bytes")
                .isLessThan(200);

        SessionEntry back = read(reopen(stores).store(StoreId.STATESERVER), "/app/s");
        assertThat(back.data()).isEqualTo(bytes(10_000, 5));
        assertThat(back.locked()).isFalse();
        assertThat(back.lockCookie()).isEqualTo(2);
        assertThat(back.expiresAtMillis())
                .isEqualTo(NOW + Duration.ofMinutes(21).toMillis());
    }

    @Test
    void anAnswerWaitsForTheSyncThatCoversItAndWritesArrivingMeanwhileShareTheNextOne() throws Exception {
        ControlledChannel.Disk disk = new ControlledChannel.Disk();
        JournaledStores stores = openWithTheNextSegmentAhead(new JournalSettings(directory, Fsync.ALWAYS), disk);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        int startSyncs = disk.syncs.get();
        disk.holdSyncs = true;
        try {
            answersWaitForTheirSync(state, disk, startSyncs);
        } finally {
            // A failed check must not leave the writer held: the journal could not close.
            disk.holdSyncs = false;
            disk.syncPermits.release(1_000);
        }
    }

    private static void answersWaitForTheirSync(
            SessionStore<SessionEntry> state, ControlledChannel.Disk disk, int startSyncs) throws Exception {
        CompletableFuture<StateResult> first = state.execute(
                        "/app/first", StateRequest.set(new byte[] {1}, 20, false, null))
                .toCompletableFuture();
        Await.until("the writer syncs the first write", disk.syncPermits::hasQueuedThreads);
        assertThat(first).as("not answered before its sync").isNotDone();
        List<CompletableFuture<StateResult>> meanwhile = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            meanwhile.add(state.execute("/app/s" + i, StateRequest.set(new byte[] {2}, 20, false, null))
                    .toCompletableFuture());
        }
        CompletableFuture<SessionEntry> reading = state.execute(
                        "/app/s49", (SessionEntry current, long now) -> Outcome.keep(current))
                .toCompletableFuture();
        assertThat(reading).as("a read waits for the write it shows").isNotDone();

        disk.syncPermits.release();
        assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo(StateResult.OK);
        Await.until("the writer syncs the next batch", disk.syncPermits::hasQueuedThreads);
        assertThat(meanwhile).noneMatch(CompletableFuture::isDone);
        disk.holdSyncs = false;
        disk.syncPermits.release();
        CompletableFuture.allOf(meanwhile.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        assertThat(reading.get(30, TimeUnit.SECONDS).data()).containsExactly(2);
        assertThat(disk.syncs.get() - startSyncs)
                .as("one sync for the first write, one for the 50 after it")
                .isEqualTo(2);
    }

    @Test
    void theRecordsOfOneTurnGoOutInOneWrite() {
        List<Runnable> endOfTurn = new ArrayList<>();
        JournaledStores stores = open(new JournalSettings(directory, Fsync.ALWAYS), FileOpener.PLAIN, endOfTurn::add);
        awaitTheNextSegmentAhead(stores);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        long batchesBefore = stores.journal().statistics().batches();
        List<CompletableFuture<StateResult>> turn = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            turn.add(state.execute("/app/turn" + i, StateRequest.set(new byte[] {(byte) i}, 20, false, null))
                    .toCompletableFuture());
        }
        assertThat(endOfTurn).as("one wake-up of the writer for the whole turn").hasSize(1);
        assertThat(turn).noneMatch(CompletableFuture::isDone);

        endOfTurn.forEach(Runnable::run);
        turn.forEach(CompletableFuture::join);
        assertThat(stores.journal().statistics().batches() - batchesBefore).isEqualTo(1);
    }

    @Test
    void withEverysecARecordGoesStraightIntoTheMappedSegmentAndItsAnswerAtOnce(@TempDir Path image) throws IOException {
        Assumptions.assumeTrue(
                Mapping.allowedIn(directory), "the temporary directory's file system does not overwrite in place");
        List<Runnable> endOfTurn = new ArrayList<>();
        JournaledStores stores = open(new JournalSettings(directory, Fsync.EVERYSEC), FileOpener.PLAIN, endOfTurn::add);
        eachAnsweredAtOnceWithNoWrite(stores, endOfTurn, 0, 20, i -> "/app/turn" + i, i -> new byte[] {(byte) i});

        copyAsAKillLeavesThem(stores, image);
        JournaledStores back = open(new JournalSettings(image, Fsync.OFF), FileOpener.PLAIN);
        for (int i = 0; i < 20; i++) {
            assertThat(entry(back, "/app/turn" + i).data()).containsExactly(i);
        }
    }

    @Test
    void withEverysecAFullSegmentIsLeftForTheOneMadeAheadWhileAnswersGoOnAtOnce(@TempDir Path image)
            throws IOException {
        Assumptions.assumeTrue(
                Mapping.allowedIn(directory), "the temporary directory's file system does not overwrite in place");
        List<Runnable> endOfTurn = new ArrayList<>();
        JournaledStores stores = open(new JournalSettings(directory, Fsync.EVERYSEC), FileOpener.PLAIN, endOfTurn::add);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        Path first = activeSegment();
        int fitting = fillTheFirstSegmentButOneMiB(state);
        awaitTheNextSegmentAhead(stores);

        eachAnsweredAtOnceWithNoWrite(stores, endOfTurn, fitting, fitting + 3, i -> "/app/" + i, i -> mib(i));
        Await.until(
                "the writer lists the full segment closed",
                () -> listed().segments().stream()
                        .anyMatch(each ->
                                each.closed() && directory.resolve(each.file()).equals(first)));
        assertThat(activeSegment()).isNotEqualTo(first);
        copyAsAKillLeavesThem(stores, image);
        JournaledStores back = open(new JournalSettings(image, Fsync.OFF), FileOpener.PLAIN);
        for (int i = 0; i < fitting + 3; i++) {
            assertThat(entry(back, "/app/" + i).data()[0]).as("/app/%d", i).isEqualTo((byte) i);
        }
    }

    @Test
    void theBytesSinceTheBaseCountASegmentLeftBeforeTheWriterListsItClosed() {
        Assumptions.assumeTrue(
                Mapping.allowedIn(directory), "the temporary directory's file system does not overwrite in place");
        ControlledChannel.Disk disk = new ControlledChannel.Disk();
        JournaledStores stores = openWithTheNextSegmentAhead(new JournalSettings(directory, Fsync.EVERYSEC), disk);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        int fitting = fillTheFirstSegmentButOneMiB(state);
        long before = stores.journal().statistics().bytesSinceBase();
        disk.holdSyncs = true;
        try {
            for (int i = fitting; i < fitting + 2; i++) {
                run(state, "/app/" + i, StateRequest.set(mib(i), 20, false, null));
            }
            // The writer, held in a sync, has not yet listed the segment left closed.
            Await.until("the writer syncs", disk.syncPermits::hasQueuedThreads);
            assertThat(stores.journal().statistics().bytesSinceBase() - before)
                    .as("what the rewrite's threshold is measured against: every record written since")
                    .isGreaterThan(2L << 20);
        } finally {
            disk.holdSyncs = false;
            disk.syncPermits.release(1_000);
        }
    }

    /**
     * Writes the values {@code from} to {@code to} (exclusive) and checks each was answered at once, with nothing left
     * for the end of the turn and no write of a batch.
     */
    private static void eachAnsweredAtOnceWithNoWrite(
            JournaledStores stores,
            List<Runnable> endOfTurn,
            int from,
            int to,
            IntFunction<String> key,
            IntFunction<byte[]> value) {
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        long batchesBefore = stores.journal().statistics().batches();
        for (int i = from; i < to; i++) {
            CompletableFuture<StateResult> answer = state.execute(
                            key.apply(i), StateRequest.set(value.apply(i), 20, false, null))
                    .toCompletableFuture();
            assertThat(answer).as("answered at once").isCompletedWithValue(StateResult.OK);
        }
        assertThat(endOfTurn).as("nothing left for the end of the turn").isEmpty();
        assertThat(stores.journal().statistics().batches() - batchesBefore)
                .as("no write")
                .isZero();
    }

    /**
     * The files as a kill just after a switch to the segment made ahead leaves them, the manifest not yet written
     * again: the segment switched to is still listed ahead, and its header still says so when {@code headerUnsaid}
     * (its page not yet written back), and the one left is listed open; the active segment's records are copied into
     * {@code image}; returns how many 1 MiB values were written, the last {@code intoTheNext} of them into the
     * segment ahead.
     */
    private int killedJustAfterASwitch(Path image, int intoTheNext, boolean headerUnsaid) throws IOException {
        JournaledStores stores = open(new JournalSettings(directory, Fsync.EVERYSEC), FileOpener.PLAIN);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        int fitting = fillTheFirstSegmentButOneMiB(state);
        awaitTheNextSegmentAhead(stores);
        Manifest beforeTheSwitch = Manifest.read(directory).orElseThrow();
        for (int i = fitting; i < fitting + intoTheNext; i++) {
            run(state, "/app/" + i, StateRequest.set(mib(i), 20, false, null));
        }
        Await.until("the switch settled", () -> listed().segments().get(0).closed());
        copyAsAKillLeavesThem(stores, image);
        beforeTheSwitch.write(image);
        Manifest.Segment next =
                beforeTheSwitch.segments().get(beforeTheSwitch.segments().size() - 1);
        if (headerUnsaid) {
            try (FileChannel channel = FileChannel.open(image.resolve(next.file()), StandardOpenOption.WRITE)) {
                JournalFile.writeHeader(
                        channel,
                        new JournalFile.Header(
                                JournalFile.Type.SEGMENT,
                                JournalFormat.SINGLE_NODE.id(),
                                JournalFile.AHEAD,
                                Manifest.number(next.file())));
            }
        }
        return fitting + intoTheNext;
    }

    private Manifest.Segment lastListed() {
        List<Manifest.Segment> segments = listed().segments();
        return segments.get(segments.size() - 1);
    }

    private Manifest listed() {
        try {
            return Manifest.read(directory).orElseThrow();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aKillJustAfterASwitchRestoresTheRecordsOfTheSegmentMadeAhead(boolean headerUnsaid, @TempDir Path image)
            throws IOException {
        Assumptions.assumeTrue(
                Mapping.allowedIn(directory), "the temporary directory's file system does not overwrite in place");
        int written = killedJustAfterASwitch(image, 3, headerUnsaid);

        try (CapturedLog log = new CapturedLog(JournalDirectory.class, Level.WARN)) {
            JournaledStores back = open(new JournalSettings(image, Fsync.OFF), FileOpener.PLAIN);
            assertThat(log.events()).isEmpty();
            for (int i = 0; i < written; i++) {
                assertThat(entry(back, "/app/" + i).data()[0]).as("/app/%d", i).isEqualTo((byte) i);
            }
            run(back.store(StoreId.STATESERVER), "/app/after", StateRequest.set(new byte[] {7}, 20, false, null));
            back.close();
            opened.remove(back);
        }
        JournaledStores again = open(new JournalSettings(image, Fsync.OFF), FileOpener.PLAIN);
        assertThat(entry(again, "/app/" + (written - 1)).data()[0]).isEqualTo((byte) (written - 1));
        assertThat(entry(again, "/app/after").data()).containsExactly(7);
    }

    /**
     * A power cut with {@code --fsync everysec} may keep the records of the segment switched to but not the end of
     * the one before it: they follow records that are gone, so they go too, as a torn tail.
     */
    @Test
    void recordsOfTheSegmentMadeAheadThatFollowALostEndAreCutAsATornTail(@TempDir Path image) throws IOException {
        Assumptions.assumeTrue(
                Mapping.allowedIn(directory), "the temporary directory's file system does not overwrite in place");
        int written = killedJustAfterASwitch(image, 3, false);
        Manifest listed = Manifest.read(image).orElseThrow();
        Path left = image.resolve(
                listed.segments().get(listed.segments().size() - 2).file());
        // The segment left without its last value's record: its space made ahead, the record's bytes zeros again.
        try (RandomAccessFile file = new RandomAccessFile(left.toFile(), "rw")) {
            byte[] zeros = new byte[(1 << 20) + 200];
            file.seek(file.length() - zeros.length);
            file.write(zeros);
        }

        try (CapturedLog log = new CapturedLog(JournalDirectory.class, Level.WARN)) {
            JournaledStores back = open(new JournalSettings(image, Fsync.OFF), FileOpener.PLAIN);
            assertThat(log.events()).hasSize(1);
            assertThat(log.events().get(0).getFormattedMessage())
                    .contains("torn end")
                    .contains("the start of 3 record(s)");
            for (int i = 0; i < written - 4; i++) {
                assertThat(entry(back, "/app/" + i).data()[0]).as("/app/%d", i).isEqualTo((byte) i);
            }
            for (int i = written - 4; i < written; i++) {
                assertThat(entry(back, "/app/" + i)).as("/app/%d", i).isNull();
            }
        }
    }

    /** With {@code off} nothing else wakes the writer: a spare that becomes ready does, to be listed ahead. */
    @Test
    void withFsyncOffTheNextSegmentIsMadeAheadOnceASpareIsReady() {
        Assumptions.assumeTrue(
                Mapping.allowedIn(directory), "the temporary directory's file system does not overwrite in place");
        JournaledStores stores = open(new JournalSettings(directory, Fsync.OFF), FileOpener.PLAIN);
        run(stores.store(StoreId.STATESERVER), "/app/s", StateRequest.set(new byte[] {1}, 20, false, null));
        Await.until("the next segment is listed ahead", () -> lastListed().ahead());
    }

    @Test
    void withFsyncOffTheWriterRestsWhileRecordsGoStraightIntoTheSegment() throws InterruptedException {
        Assumptions.assumeTrue(
                Mapping.allowedIn(directory), "the temporary directory's file system does not overwrite in place");
        JournaledStores stores = open(new JournalSettings(directory, Fsync.OFF, 1 << 20, 100), FileOpener.PLAIN);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        // Past the rewrite threshold: the writer is woken, rewrites, and has nothing left to do.
        for (int i = 0; i < 1_500; i++) {
            run(state, "/app/s" + i, StateRequest.set(bytes(1000, i), 20, false, null));
        }
        Await.until(
                "a rewrite ran and ended",
                () -> stores.journal().statistics().rewrites() > 0
                        && !stores.journal().statistics().rewriting());
        Thread writer = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals("aspstate-journal-writer"))
                .findFirst()
                .orElseThrow();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getThreadCpuTime(writer.getId());
        // Nothing to await: the window is the measure. With nothing to sync, a sync once a second is never due.
        Thread.sleep(1_500);
        assertThat(TimeUnit.NANOSECONDS.toMillis(threads.getThreadCpuTime(writer.getId()) - before))
                .as("milliseconds of CPU the writer took in 1.5 s with nothing to do")
                .isLessThan(100);
    }

    @Test
    void withEverysecOnASegmentThatIsNotMappedTheThreadWhoseTurnItWasWritesItAndAnswers() {
        ControlledChannel.Disk disk = new ControlledChannel.Disk();
        disk.mappable = false;
        List<Runnable> endOfTurn = new ArrayList<>();
        JournaledStores stores = open(new JournalSettings(directory, Fsync.EVERYSEC), disk, endOfTurn::add);
        // The writer, making the next segment, would hold the files the end of the turn writes with.
        awaitTheNextSegmentAhead(stores);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        long batchesBefore = stores.journal().statistics().batches();
        List<Thread> answeredOn = new CopyOnWriteArrayList<>();
        List<CompletableFuture<StateResult>> turn = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            CompletableFuture<StateResult> answer = state.execute(
                            "/app/turn" + i, StateRequest.set(new byte[] {(byte) i}, 20, false, null))
                    .toCompletableFuture();
            answer.thenRun(() -> answeredOn.add(Thread.currentThread()));
            turn.add(answer);
        }
        assertThat(turn).as("answered before the turn ended, on %s", answeredOn).noneMatch(CompletableFuture::isDone);

        endOfTurn.forEach(Runnable::run);
        assertThat(turn).as("answered when the turn ends").allMatch(CompletableFuture::isDone);
        assertThat(answeredOn).hasSize(20).containsOnly(Thread.currentThread());
        assertThat(stores.journal().statistics().batches() - batchesBefore)
                .as("the turn's 20 records in one write")
                .isEqualTo(1);
        assertThat(entry(reopen(stores), "/app/turn19").data()).containsExactly(19);
    }

    @Test
    void answersWhoseCallersWriteAgainFromOtherThreadsAllArriveAndAllAreKept() throws Exception {
        JournaledStores stores = open(new JournalSettings(directory, Fsync.EVERYSEC), FileOpener.PLAIN);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        int threads = 4;
        int chained = 300;
        List<CompletableFuture<StateResult>> chains = new ArrayList<>();
        ExecutorService writers = Executors.newFixedThreadPool(threads);
        try {
            for (int t = 0; t < threads; t++) {
                int thread = t;
                // Each write is made by the completion of the one before: on whichever thread answered it.
                chains.add(CompletableFuture.supplyAsync(() -> null, writers).thenCompose(start -> {
                    CompletableFuture<StateResult> chain = CompletableFuture.completedFuture(StateResult.OK);
                    for (int i = 0; i < chained; i++) {
                        String key = "/app/chain" + thread + "-" + i;
                        byte[] data = {(byte) thread, (byte) i};
                        chain = chain.thenCompose(
                                previous -> state.execute(key, StateRequest.set(data, 20, false, null)));
                    }
                    return chain;
                }));
            }
            CompletableFuture.allOf(chains.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        } finally {
            writers.shutdownNow();
        }
        JournaledStores back = reopen(stores);
        for (int t = 0; t < threads; t++) {
            for (int i = 0; i < chained; i++) {
                assertThat(entry(back, "/app/chain" + t + "-" + i).data()).containsExactly((byte) t, (byte) i);
            }
        }
    }

    @Test
    void everysecAnswersOnceWrittenAndSyncsWithinASecond() {
        ControlledChannel.Disk disk = new ControlledChannel.Disk();
        JournaledStores stores = openWithTheNextSegmentAhead(new JournalSettings(directory, Fsync.EVERYSEC), disk);
        int startSyncs = disk.syncs.get();
        disk.holdSyncs = true;
        assertThat(run(stores.store(StoreId.STATESERVER), "/app/s", StateRequest.set(new byte[] {1}, 20, false, null)))
                .isEqualTo(StateResult.OK);
        Await.until("a sync follows", disk.syncPermits::hasQueuedThreads);
        disk.holdSyncs = false;
        disk.syncPermits.release();
        Await.until("the sync is done", () -> disk.syncs.get() > startSyncs);
    }

    /** Three sessions of 1000 bytes written and the journal closed; its last segment. */
    private Path threeSessionsWritten() throws IOException {
        JournaledStores stores = open();
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        for (int i = 0; i < 3; i++) {
            run(state, "/app/s" + i, StateRequest.set(bytes(1000, i), 20, false, null));
        }
        stores.close();
        opened.remove(stores);
        return activeSegment();
    }

    /** Cuts the segment's last 7 bytes, the end of its last record, as a crash mid-write leaves it; its length before. */
    private static long tearTheLastRecord(Path segment) throws IOException {
        long length = Files.size(segment);
        try (RandomAccessFile file = new RandomAccessFile(segment.toFile(), "rw")) {
            file.setLength(length - 7);
        }
        return length;
    }

    @Test
    void aTornTailIsCutOffWithOneLogLineAndEverythingBeforeItIsBack() throws IOException {
        Path segment = threeSessionsWritten();
        long length = tearTheLastRecord(segment);

        try (CapturedLog log = new CapturedLog(JournalDirectory.class, Level.WARN)) {
            JournaledStores back = open();
            assertThat(log.events()).hasSize(1);
            assertThat(log.events().get(0).getFormattedMessage())
                    .contains(segment.toString())
                    .contains("torn end")
                    .contains("the start of 1 record");
            assertThat(entry(back, "/app/s0").data()).isEqualTo(bytes(1000, 0));
            assertThat(entry(back, "/app/s1").data()).isEqualTo(bytes(1000, 1));
            assertThat(entry(back, "/app/s2")).isNull();
        }
        assertThat(Files.size(segment)).as("cut where the torn record began").isLessThan(length - 1000);
    }

    @Test
    void aTornTailInASegmentMadeAheadCountsItsOwnBytesNotTheZerosAfterThem() throws IOException {
        Path segment = threeSessionsWritten();
        tearTheLastRecord(segment);
        try (RandomAccessFile file = new RandomAccessFile(segment.toFile(), "rw")) {
            file.setLength(Spares.CAPACITY);
        }

        try (CapturedLog log = new CapturedLog(JournalDirectory.class, Level.WARN)) {
            open();
            assertThat(log.events()).hasSize(1);
            String line = log.events().get(0).getFormattedMessage();
            long bytes = Long.parseLong(line.replaceAll(".*: (\\d+) byte\\(s\\).*", "$1"));
            assertThat(bytes).as(line).isBetween(900L, 1100L);
        }
    }

    @Test
    void aJournalWhoseTornTailWasCutStartsAgainWithEverythingBack() throws IOException {
        tearTheLastRecord(threeSessionsWritten());
        JournaledStores cut = open();
        run(cut.store(StoreId.STATESERVER), "/app/after", StateRequest.set(bytes(10, 9), 20, false, null));

        JournaledStores back = reopen(cut);
        assertThat(entry(back, "/app/s1").data()).isEqualTo(bytes(1000, 1));
        assertThat(entry(back, "/app/after").data()).isEqualTo(bytes(10, 9));
    }

    /** The last segment, and where its own records end (older records follow them). */
    private record Reused(Path segment, long recordsEnd) {}

    /**
     * Six sessions written over two starts, the journal closed; the last segment then holds, after its records, the
     * bytes of the first segment from {@code from} on: what a segment reused from a rewrite holds past the records
     * written into it when the server is killed.
     */
    private Reused olderRecordsAfterTheLastOne(long from) throws IOException {
        JournaledStores stores = open();
        for (int i = 0; i < 3; i++) {
            run(stores.store(StoreId.STATESERVER), "/app/s" + i, StateRequest.set(bytes(1000, i), 20, false, null));
        }
        Path first = activeSegment();
        stores = reopen(stores);
        for (int i = 3; i < 6; i++) {
            run(stores.store(StoreId.STATESERVER), "/app/s" + i, StateRequest.set(bytes(1000, i), 20, false, null));
        }
        stores.close();
        opened.remove(stores);
        Path last = activeSegment();
        long recordsEnd = Files.size(last);
        byte[] older = Files.readAllBytes(first);
        Files.write(last, Arrays.copyOfRange(older, (int) from, older.length), StandardOpenOption.APPEND);
        return new Reused(last, recordsEnd);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 500})
    void olderRecordsPastTheLastOneEndTheRecordsWithoutATornTail(int intoARecord) throws IOException {
        Reused reused = olderRecordsAfterTheLastOne(JournalFile.HEADER + intoARecord);

        try (CapturedLog log = new CapturedLog(JournalDirectory.class, Level.WARN)) {
            JournaledStores back = open();
            assertThat(log.events()).isEmpty();
            for (int i = 0; i < 6; i++) {
                assertThat(entry(back, "/app/s" + i).data()).isEqualTo(bytes(1000, i));
            }
        }
        assertThat(Files.size(reused.segment()))
                .as("cut where its own records end")
                .isEqualTo(reused.recordsEnd());
    }

    @Test
    void aTornRecordBeforeOlderRecordsIsCutOffAloneWithOneLogLine() throws IOException {
        Reused reused = olderRecordsAfterTheLastOne(JournalFile.HEADER);
        byte[] image = Files.readAllBytes(reused.segment());
        int recordSize = (int) ((reused.recordsEnd() - JournalFile.HEADER) / 3);
        int tornAt = (int) reused.recordsEnd() - recordSize;
        // The last record torn: its first 600 bytes written, the rest still older bytes (cut from an older record).
        System.arraycopy(image, (int) reused.recordsEnd() + 5, image, tornAt + 600, recordSize - 600);
        Files.write(reused.segment(), image);

        try (CapturedLog log = new CapturedLog(JournalDirectory.class, Level.WARN)) {
            JournaledStores back = open();
            assertThat(log.events()).hasSize(1);
            assertThat(log.events().get(0).getFormattedMessage())
                    .as("the torn record, up to the older records")
                    .contains("torn end of the journal at offset " + tornAt + ": " + recordSize + " byte(s)")
                    .contains("the start of 1 record");
            assertThat(entry(back, "/app/s4").data()).isEqualTo(bytes(1000, 4));
            assertThat(entry(back, "/app/s5")).isNull();
        }
    }

    @Test
    void aFlippedByteBeforeTheEndStopsTheStartNamingFileAndOffset() throws IOException {
        Path segment = threeSessionsWritten();
        try (RandomAccessFile file = new RandomAccessFile(segment.toFile(), "rw")) {
            file.seek(JournalFile.HEADER + 500);
            int old = file.read();
            file.seek(JournalFile.HEADER + 500);
            file.write(old ^ 0x10);
        }

        assertThatThrownBy(this::open).isInstanceOfSatisfying(DataDirectoryException.class, e -> {
            assertThat(e.reason()).isEqualTo(DataDirectoryException.Reason.DAMAGED);
            assertThat(e.getMessage())
                    .startsWith(segment + " at offset " + JournalFile.HEADER + ": a damaged record")
                    .contains("aspstate journal repair")
                    .doesNotContain("\n");
        });
    }

    @Test
    void anEmptiedOrMissingFileOrALostManifestStopsTheStart() throws IOException {
        JournaledStores stores = open();
        run(stores.store(StoreId.STATESERVER), "/app/s", StateRequest.set(new byte[] {1}, 20, false, null));
        stores = reopen(stores);
        stores.close();
        opened.remove(stores);
        Manifest manifest = Manifest.read(directory).orElseThrow();
        Path closed = directory.resolve(manifest.segments().get(0).file());
        byte[] kept = Files.readAllBytes(closed);

        Files.write(closed, new byte[0]);
        assertThatThrownBy(this::open)
                .isInstanceOf(DataDirectoryException.class)
                .hasMessageContaining(closed + ": it is 0 bytes long, but the manifest says " + kept.length);
        Files.delete(closed);
        assertThatThrownBy(this::open).hasMessageContaining(closed + ": the manifest names it, but it is missing");
        Files.write(closed, kept);
        Files.delete(directory.resolve(Manifest.FILE));
        assertThatThrownBy(this::open).hasMessageContaining("but no MANIFEST");
    }

    @ParameterizedTest
    @EnumSource(
            value = Fsync.class,
            names = {"ALWAYS", "EVERYSEC"})
    void aFullDiskRefusesChangesKeepsReadsAndGoesOnOnceThereIsSpaceWithNothingLost(Fsync fsync) {
        ControlledChannel.Disk disk = new ControlledChannel.Disk();
        JournaledStores stores = open(new JournalSettings(directory, fsync), disk);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        run(state, "/app/kept", StateRequest.set(new byte[] {1}, 20, false, null));

        disk.writeFailure.set("No space left on device");
        // With everysec, records copied into the mapped segment use space it already has, as on a real full disk:
        // they are answered until the segment is full and the next one cannot be started, or, when the next one was
        // made ahead, until the writer's sync of the segment left fails (the test's disk fails syncs too).
        CompletableFuture<StateResult> caught;
        int written = 0;
        do {
            caught = state.execute("/app/caught" + written, StateRequest.set(bytes(1000, written), 20, false, null))
                    .toCompletableFuture();
            written++;
        } while (caught.isDone() && written < 100_000);
        if (fsync == Fsync.ALWAYS || !Mapping.allowedIn(directory)) {
            assertThat(written)
                    .as("the first write waits for its write or sync")
                    .isEqualTo(1);
        } else {
            assertThat(written)
                    .as("a segment's worth of records of 1,000 to 1,200 bytes answered, at most two, then one waits")
                    .isBetween((int) (Spares.CAPACITY / 1200), (int) (2 * Spares.CAPACITY / 1000) + 1);
        }
        Await.until("the journal refuses changes", () -> !stores.journal().healthy());
        assertThat(caught).as("kept until its write goes through").isNotDone();
        assertThatThrownBy(() -> run(state, "/app/refused", StateRequest.set(new byte[] {3}, 20, false, null)))
                .isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(StoreFullException.class)
                .hasMessageContaining("is full");
        assertThat(run(state, "/app/kept", StateRequest.get()).data())
                .as("a read slides the expiry in memory")
                .containsExactly(1);
        assertThatThrownBy(() -> run(state, "/app/kept", StateRequest.getExclusive()))
                .hasCauseInstanceOf(StoreFullException.class);

        disk.writeFailure.set(null);
        assertThat(caught.join()).isEqualTo(StateResult.OK);
        Await.until("the journal takes changes again", () -> stores.journal().healthy());
        assertThat(run(state, "/app/later", StateRequest.set(new byte[] {4}, 20, false, null)))
                .isEqualTo(StateResult.OK);

        JournaledStores back = reopen(stores);
        for (int each = 0; each < written; each++) {
            assertThat(entry(back, "/app/caught" + each).data()).isEqualTo(bytes(1000, each));
        }
        assertThat(entry(back, "/app/later").data()).containsExactly(4);
        assertThat(entry(back, "/app/refused")).isNull();
    }

    @ParameterizedTest
    @EnumSource(
            value = Fsync.class,
            names = {"ALWAYS", "EVERYSEC"})
    void aDiskThatFillsJustAsTheNextSegmentStartsKeepsEverySegmentWhole(Fsync fsync) {
        ControlledChannel.Disk disk = new ControlledChannel.Disk();
        // The first segment is made at the start; no spare after it, so the next segment is made when it is needed
        // (one made ahead is written in full already, so a full disk cannot catch its records).
        FileOpener files = (file, options) -> {
            if (Spares.isSpare(file) && !file.getFileName().toString().equals("spare-0.tmp")) {
                throw new IOException("No space left on device");
            }
            return disk.open(file, options);
        };
        JournaledStores stores;
        try (CapturedLog spares = new CapturedLog(Spares.class, Level.WARN)) {
            stores = open(new JournalSettings(directory, fsync), files);
            Await.until(
                    "the spares' thread says it cannot make one",
                    () -> !spares.events().isEmpty());
            assertThat(spares.events().get(0).getFormattedMessage())
                    .startsWith("1 attempt(s) to make a segment ahead in " + directory
                            + " failed (No space left on device)");
        }
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        int fitting = fillTheFirstSegmentButOneMiB(state);

        // The next value starts a segment, whose header is written; its records are not.
        disk.recordWriteFailure.set("No space left on device");
        CompletableFuture<StateResult> caught = state.execute(
                        "/app/" + fitting, StateRequest.set(mib(fitting), 20, false, null))
                .toCompletableFuture();
        Await.until("the journal refuses changes", () -> !stores.journal().healthy());
        disk.recordWriteFailure.set(null);
        assertThat(caught.join()).isEqualTo(StateResult.OK);
        assertThat(run(state, "/app/later", StateRequest.set(new byte[] {4}, 20, false, null)))
                .isEqualTo(StateResult.OK);

        JournaledStores back = reopen(stores);
        for (int i = 0; i <= fitting; i++) {
            assertThat(entry(back, "/app/" + i).data()[0]).as("/app/%d", i).isEqualTo((byte) i);
        }
        assertThat(entry(back, "/app/later").data()).containsExactly(4);
    }

    /**
     * A spare renamed to be the next segment, whose opening then fails, must not keep that name: the next attempt,
     * with no spare ready, makes a new file under it when the segment is full.
     */
    @Test
    void aSpareThatCannotBecomeTheNextSegmentLeavesItsNameFreeForTheNextAttempt() throws Exception {
        AtomicBoolean failTheSpare = new AtomicBoolean();
        AtomicBoolean refuseNewSpares = new AtomicBoolean();
        FileOpener files = (file, options) -> {
            List<OpenOption> asked = Arrays.asList(options);
            if (file.getFileName().toString().startsWith("segment-")
                    && asked.equals(List.of(StandardOpenOption.WRITE, StandardOpenOption.READ))
                    && failTheSpare.getAndSet(false)) {
                refuseNewSpares.set(true);
                throw new IOException("Input/output error");
            }
            if (Spares.isSpare(file) && asked.contains(StandardOpenOption.CREATE_NEW) && refuseNewSpares.get()) {
                throw new IOException("No space left on device");
            }
            return FileChannel.open(file, options);
        };
        JournaledStores stores = open(new JournalSettings(directory, Fsync.ALWAYS), files);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        Await.until("a spare is made", () -> {
            try (Stream<Path> listed = Files.list(directory)) {
                return listed.anyMatch(
                        file -> Spares.isSpare(file) && file.toFile().length() == Spares.CAPACITY);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });

        // The writer's first turn makes the spare the segment ahead: it fails, and the journal goes on.
        failTheSpare.set(true);
        int fitting = fillTheFirstSegmentButOneMiB(state);
        assertThat(failTheSpare).as("the spare was tried as the next segment").isFalse();
        CompletableFuture<StateResult> switching = state.execute(
                        "/app/" + fitting, StateRequest.set(mib(fitting), 20, false, null))
                .toCompletableFuture();
        assertThat(switching.get(30, TimeUnit.SECONDS)).isEqualTo(StateResult.OK);

        JournaledStores back = reopen(stores);
        for (int i = 0; i <= fitting; i++) {
            assertThat(entry(back, "/app/" + i).data()[0]).as("/app/%d", i).isEqualTo((byte) i);
        }
    }

    /**
     * A failure to make the next segment ahead is tried again a second later, even when the next spare is ready
     * before then and nothing else wakes the writer ({@code off}, no writes).
     */
    @Test
    void aNextSegmentThatCouldNotBeMadeAheadIsMadeOnceTheRetryIsDueWithNothingWritten() {
        AtomicInteger segmentOpens = new AtomicInteger();
        FileOpener files = (file, options) -> {
            // The first is the first segment, made at the start; the second the first made ahead.
            if (file.getFileName().toString().startsWith("segment-")
                    && Arrays.asList(options).equals(List.of(StandardOpenOption.WRITE, StandardOpenOption.READ))
                    && segmentOpens.incrementAndGet() == 2) {
                throw new IOException("Input/output error");
            }
            return FileChannel.open(file, options);
        };
        open(new JournalSettings(directory, Fsync.OFF), files);
        Await.until("the next segment is listed ahead", () -> lastListed().ahead());
        assertThat(segmentOpens).as("the first attempt failed").hasValueGreaterThan(2);
    }

    /**
     * A batch the journal gives up as it closes (its disk failing) fails every answer its records cover, those that
     * began waiting after it was taken too, and nothing after it is answered as kept.
     */
    @Test
    void closingWithAFailingDiskFailsEveryAnswerTheRecordsGivenUpCover() {
        ControlledChannel.Disk disk = new ControlledChannel.Disk();
        List<Runnable> endOfTurn = new ArrayList<>();
        JournaledStores stores = open(new JournalSettings(directory, Fsync.ALWAYS), disk, endOfTurn::add);
        Journal journal = stores.journal();
        disk.writeFailure.set("Input/output error");
        long ticket = journal.delete(StoreKind.STATESERVER, "/app/gone");
        CompletableFuture<String> taken = journal.whenDurable(ticket, "taken").toCompletableFuture();
        endOfTurn.forEach(Runnable::run);
        Await.until("the writer took the record and its write failed", () -> !journal.healthy());
        CompletableFuture<String> late = journal.whenDurable(ticket, "late").toCompletableFuture();

        stores.close();
        opened.remove(stores);
        assertThat(taken).isCompletedExceptionally();
        assertThat(late).as("waiting since after the batch was taken").isCompletedExceptionally();
    }

    /**
     * A fault nobody expected stops the writer: the answers waiting for it fail, those that begin waiting afterwards
     * too, instead of waiting for ever (and holding their sessions' later requests behind them).
     */
    @Test
    void answersWaitingWhenTheWriterStopsOnAFaultFailInsteadOfWaitingForEver() {
        ControlledChannel.Disk disk = new ControlledChannel.Disk();
        List<Runnable> endOfTurn = new ArrayList<>();
        JournaledStores stores = open(new JournalSettings(directory, Fsync.ALWAYS), disk, endOfTurn::add);
        Journal journal = stores.journal();
        disk.writeFault.set(new IllegalStateException("a fault nobody expected"));
        long ticket = journal.delete(StoreKind.STATESERVER, "/app/gone");
        CompletableFuture<String> taken = journal.whenDurable(ticket, "taken").toCompletableFuture();
        endOfTurn.forEach(Runnable::run);
        Await.until("the writer stopped", () -> !journal.healthy());
        CompletableFuture<String> late = journal.whenDurable(ticket, "late").toCompletableFuture();

        assertThat(taken)
                .failsWithin(10, TimeUnit.SECONDS)
                .withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(StoreUnavailableException.class);
        assertThat(late)
                .failsWithin(10, TimeUnit.SECONDS)
                .withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(StoreUnavailableException.class);
    }

    /** Writes values of 1 MiB, {@code /app/0} holding 0 and so on, up to 1 MiB short of a segment; their count. */
    private static int fillTheFirstSegmentButOneMiB(SessionStore<SessionEntry> state) {
        int fitting = (int) (Spares.CAPACITY / (1 << 20)) - 1;
        for (int i = 0; i < fitting; i++) {
            run(state, "/app/" + i, StateRequest.set(mib(i), 20, false, null));
        }
        return fitting;
    }

    /** 1 MiB, its first byte {@code first}. */
    private static byte[] mib(int first) {
        byte[] value = new byte[1 << 20];
        value[0] = (byte) first;
        return value;
    }

    /** How the file system answers a base's direct writes. */
    enum DirectWrites {
        TAKEN,
        REFUSED_AT_OPEN,
        /** Opened for direct writes, and every write refused, as some file systems do. */
        REFUSED_AT_WRITE
    }

    /**
     * Bases are written past the page cache where the file system allows it, and through it where it refuses (as
     * tmpfs does, at the open, or others at the first write): every way, checked here, keeps every key.
     */
    @ParameterizedTest
    @EnumSource(DirectWrites.class)
    void rewritesKeepTheLastStateOfEveryKeyAndTheDiskBounded(DirectWrites directWrites) throws IOException {
        Path probe = Files.createFile(directory.resolve("probe"));
        try (FileChannel opened = FileChannel.open(probe, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT)) {
            assertThat(opened.isOpen()).isTrue();
        } catch (IOException e) {
            Assumptions.assumeFalse(
                    directWrites == DirectWrites.TAKEN, "the temporary directory's file system takes no direct writes");
        }
        Files.delete(probe);
        AtomicInteger direct = new AtomicInteger();
        ControlledChannel.Disk refusing = new ControlledChannel.Disk();
        refusing.writeFailure.set("Invalid argument");
        FileOpener files = (file, options) -> {
            if (!Arrays.asList(options).contains(ExtendedOpenOption.DIRECT)) {
                return FileChannel.open(file, options);
            }
            switch (directWrites) {
                case REFUSED_AT_OPEN -> throw new IOException("Invalid argument");
                case REFUSED_AT_WRITE -> {
                    direct.incrementAndGet();
                    return refusing.open(file, StandardOpenOption.WRITE);
                }
                default -> {
                    FileChannel opened = FileChannel.open(file, options);
                    direct.incrementAndGet();
                    return opened;
                }
            }
        };
        JournaledStores stores = open(new JournalSettings(directory, Fsync.OFF, 1 << 20, 100), files);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        int keys = 300;
        for (int round = 0; round < 30; round++) {
            for (int key = 0; key < keys; key++) {
                if (key % 7 == round % 7) {
                    run(state, "/app/s" + key, StateRequest.remove(null));
                } else {
                    run(state, "/app/s" + key, StateRequest.set(bytes(1000, round), 20, false, null));
                    run(state, "/app/s" + key, StateRequest.getExclusive());
                    run(
                            state,
                            "/app/s" + key,
                            StateRequest.releaseExclusive(
                                    read(state, "/app/s" + key).lockCookie()));
                }
            }
            // Sessions are written far faster here than by clients, whose requests cost much more than a rewrite
            // spends per session: a round waits for the writer to start a rewrite that is due and for it to end, as
            // the journal keeps up with real clients.
            Await.until("no rewrite runs or is due", () -> {
                JournalStatistics now = stores.journal().statistics();
                return !now.rewriting() && now.bytesSinceBase() < Math.max(1 << 20, now.baseBytes());
            });
            JournalStatistics journal = stores.journal().statistics();
            assertThat(journal.baseBytes() + journal.bytesSinceBase())
                    .as("the base (at most 300 KB) and the "
                            + "segments since (at most 1 MiB and the round that went past it)")
                    .isLessThan(keys * 1100 + (1 << 20) + keys * 1100);
            assertThat(directorySize())
                    .as("and the space of the active segment, of the next one and of a spare, made ahead")
                    .isLessThan(journal.baseBytes() + journal.bytesSinceBase() + 3 * Spares.CAPACITY + 4096);
        }
        Await.until(
                "a rewrite ran and ended",
                () -> stores.journal().statistics().rewrites() > 0
                        && stores.journal().statistics().baseBytes() > 0);
        SessionEntry[] before = new SessionEntry[keys];
        for (int key = 0; key < keys; key++) {
            before[key] = read(state, "/app/s" + key);
        }

        JournaledStores back = reopen(stores);
        for (int key = 0; key < keys; key++) {
            SessionEntry entry = entry(back, "/app/s" + key);
            if (before[key] == null) {
                assertThat(entry).isNull();
            } else {
                assertThat(entry.toString()).isEqualTo(before[key].toString());
                assertThat(Arrays.equals(entry.data(), before[key].data())).isTrue();
            }
        }
        assertThat(direct.get())
                .as("bases opened for direct writes, where the file system allows it")
                .isEqualTo(
                        directWrites == DirectWrites.REFUSED_AT_OPEN
                                ? 0
                                : stores.journal().statistics().rewrites());
        assertThat(deletedButStillMapped())
                .as("the sizes of deleted files still mapped (until the collector finds their buffers): emptied")
                .allMatch(size -> size == 0);
        // Read once the journal reopened has listed its next segment: no file is named or renamed meanwhile.
        awaitTheNextSegmentAhead(back);
        java.util.Set<String> named = Segments.names(Manifest.read(directory).orElseThrow());
        assertThat(listFiles())
                .allMatch(name -> name.equals(Manifest.FILE)
                        || name.equals(DirectoryLock.FILE)
                        || named.contains(name)
                        || Spares.isSpare(Path.of(name)));
    }

    /**
     * Copies the journal's files into {@code image} as a process killed now leaves them (every file as the page cache
     * holds it, mapped stores and writes alike), once nothing changes them under the copy, which is not atomic as a
     * kill is.
     */
    private void copyAsAKillLeavesThem(JournaledStores stores, Path image) throws IOException {
        awaitTheNextSegmentAhead(stores);
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.toList()) {
                Files.copy(file, image.resolve(file.getFileName()));
            }
        }
    }

    /** The sizes of the files of the journal's directory this process still maps though they were deleted. */
    private List<Long> deletedButStillMapped() throws IOException {
        List<Long> sizes = new ArrayList<>();
        try (Stream<Path> mappings = Files.list(Path.of("/proc/self/map_files"))) {
            for (Path mapping : mappings.toList()) {
                String target;
                try {
                    target = Files.readSymbolicLink(mapping).toString();
                } catch (IOException e) {
                    continue;
                }
                if (target.startsWith(directory.toString()) && target.endsWith(" (deleted)")) {
                    sizes.add(Files.size(mapping));
                }
            }
        }
        return sizes;
    }

    private long directorySize() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.mapToLong(file -> file.toFile().length()).sum();
        }
    }

    private List<String> listFiles() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).toList();
        }
    }

    @Test
    void segmentsARewriteDroppedAreUsedAgainAndAServerKilledInOneRestartsWithEverything(@TempDir Path image)
            throws IOException {
        AtomicInteger madeWithZeros = new AtomicInteger();
        AtomicInteger started = new AtomicInteger();
        FileOpener counting = (file, options) -> {
            String name = file.getFileName().toString();
            if (Spares.isSpare(file) && options.length > 0 && options[0] == StandardOpenOption.CREATE_NEW) {
                madeWithZeros.incrementAndGet();
            } else if (name.startsWith("segment-")) {
                started.incrementAndGet();
            }
            return FileChannel.open(file, options);
        };
        JournaledStores stores = open(new JournalSettings(directory, Fsync.OFF, 32 << 20, 100), counting);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        int keys = 2_000;
        int round = 0;
        while (stores.journal().statistics().rewrites() < 4 && round < 200) {
            for (int key = 0; key < keys; key++) {
                run(state, "/app/s" + key, StateRequest.set(bytes(1000, round + key), 20, false, null));
            }
            round++;
            Await.until("no rewrite runs", () -> !stores.journal().statistics().rewriting());
        }
        assertThat(stores.journal().statistics().rewrites()).isGreaterThanOrEqualTo(4);
        // Each segment started is made of zeros without reuse (and one more, made ahead); each rewrite after the
        // first gives back at least one segment, half full or more, at this threshold.
        assertThat(madeWithZeros.get())
                .as("segments made of zeros, of " + started.get() + " started")
                .isLessThanOrEqualTo(started.get() - 2);

        // The segment being written may be one made of zeros (made ahead before the last rewrite gave segments back,
        // or while none was back yet): written on until the active segment has changed twice, then killed, as many
        // times as it takes (a few at most) for the kill to come in a reused one.
        boolean killedInAReusedOne = false;
        for (int kill = 0; kill < 5 && !killedInAReusedOne; kill++) {
            Path seen = activeSegment();
            int lastRound = round + 200;
            for (int changes = 0; changes < 2 && round < lastRound; round++) {
                for (int key = 0; key < keys; key++) {
                    run(state, "/app/s" + key, StateRequest.set(bytes(1000, round + key), 20, false, null));
                }
                Await.until(
                        "no rewrite runs", () -> !stores.journal().statistics().rewriting());
                if (!activeSegment().equals(seen)) {
                    changes++;
                    seen = activeSegment();
                }
            }
            // Copied once no rewrite runs or is due: none deletes or makes a file until the next write.
            Await.until("no rewrite runs or is due", () -> {
                JournalStatistics now = stores.journal().statistics();
                return !now.rewriting() && now.bytesSinceBase() < Math.max(32 << 20, now.baseBytes());
            });

            Path killed = Files.createDirectory(image.resolve("kill-" + kill));
            copyAsAKillLeavesThem(stores, killed);
            Path killedIn = killed.resolve(directory.relativize(activeSegment()));
            byte[] before = Files.readAllBytes(killedIn);
            try (CapturedLog log = new CapturedLog(JournalDirectory.class, Level.WARN)) {
                JournaledStores back = open(new JournalSettings(killed, Fsync.OFF), FileOpener.PLAIN);
                assertThat(log.events()).isEmpty();
                for (int key = 0; key < keys; key += 7) {
                    assertThat(read(back.store(StoreId.STATESERVER), "/app/s" + key)
                                    .data())
                            .isEqualTo(bytes(1000, round - 1 + key));
                }
                back.close();
                opened.remove(back);
            }
            byte[] past = Arrays.copyOfRange(before, (int) Files.size(killedIn), before.length);
            killedInAReusedOne = IntStream.range(0, past.length).anyMatch(i -> past[i] != 0);
        }
        assertThat(killedInAReusedOne)
                .as("a segment killed in was a reused one: older records past its own")
                .isTrue();
    }

    @Test
    void segmentsThatCannotBeMadeAheadGrowAsWrittenEachHoldingManyWrites() throws IOException {
        FileOpener noSpares = (file, options) -> {
            if (Spares.isSpare(file)) {
                throw new IOException("No space left on device");
            }
            return FileChannel.open(file, options);
        };
        JournaledStores stores = open(new JournalSettings(directory, Fsync.ALWAYS), noSpares);
        SessionStore<SessionEntry> state = stores.store(StoreId.STATESERVER);
        int writes = 3_000;
        for (int i = 0; i < writes; i++) {
            run(state, "/app/grow" + i, StateRequest.set(bytes(1000, i), 20, false, null));
        }

        assertThat(stores.journal().statistics().batches())
                .as("written one at a time")
                .isGreaterThan(100);
        assertThat(Manifest.read(directory).orElseThrow().segments())
                .as("3 MB of records in one segment, not a segment per write")
                .hasSize(1);
        JournaledStores back = reopen(stores);
        for (int i = 0; i < writes; i += 101) {
            assertThat(entry(back, "/app/grow" + i).data()).isEqualTo(bytes(1000, i));
        }
    }

    /** The replay's maps hold every entry again: kept by the directory, they would stay for the server's life. */
    @Test
    void theReplayedEntriesAreLetGoOnceTaken() {
        JournaledStores stores = open();
        for (int i = 0; i < 100; i++) {
            put(stores.store(StoreId.STATESERVER), "/app/s" + i, SessionEntry.created(bytes(100, i), 20, false, NOW));
        }
        stores.close();
        opened.remove(stores);

        JournalDirectory reopened =
                JournalDirectory.open(new JournalSettings(directory, Fsync.ALWAYS), JournalFormat.SINGLE_NODE);
        try {
            Map<StoreKind, Map<String, Object>> replayed = reopened.takeReplayed();
            assertThat(replayed.get(StoreKind.STATESERVER)).hasSize(100);
            WeakReference<Map<StoreKind, Map<String, Object>>> taken = new WeakReference<>(replayed);
            replayed = null;
            assertThat(reopened.takeReplayed()).isEmpty();
            Await.until("the replayed entries are collected", () -> {
                System.gc();
                return taken.get() == null;
            });
            assertThat(reopened.recordsReplayed()).isEqualTo(100);
        } finally {
            reopened.close();
        }
    }

    @Test
    void aSessionThatExpiredWhileStoppedIsNotRestored() {
        JournaledStores stores = open();
        run(stores.store(StoreId.STATESERVER), "/app/short", StateRequest.set(new byte[] {1}, 1, false, null));
        run(stores.store(StoreId.STATESERVER), "/app/long", StateRequest.set(new byte[] {2}, 20, false, null));
        clock.advance(Duration.ofMinutes(5));

        JournaledStores back = reopen(stores);
        assertThat(entry(back, "/app/short")).isNull();
        assertThat(entry(back, "/app/long").data()).containsExactly(2);
        assertThat(back.describe()).contains("restored 1 session(s)");
    }
}
