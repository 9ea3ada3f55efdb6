package aspstate.core.spstate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import aspstate.core.ManualClock;
import aspstate.core.spstate.SharePointProcedure.ProcAddItem;
import aspstate.core.spstate.SharePointProcedure.ProcDeleteItem;
import aspstate.core.spstate.SharePointProcedure.ProcGetItemWithLock;
import aspstate.core.spstate.SharePointProcedure.ProcGetItemWithoutLock;
import aspstate.core.spstate.SharePointProcedure.ProcRefreshItemExpiration;
import aspstate.core.spstate.SharePointProcedure.ProcReleaseItemLock;
import aspstate.core.spstate.SharePointProcedure.ProcUpdateItem;
import aspstate.core.sqlstate.SqlProcedureResult.Status;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The procedures as SharePoint drives them, one id through a real {@link MemorySessionStore} with time moved by
 * hand: what the per-row tables cannot show, that the state one call leaves is what the next one finds, and that
 * expiry (refreshed, in minutes) is the store's, so an expired item is simply gone.
 */
class SharePointStateStoreFlowTest {

    private static final long START = 1_700_000_000_000L;
    private static final long MINUTE = 60_000L;
    private static final long HOUR = 3_600_000L;
    /** The id of [MS-SPSTATE] 4.1. */
    private static final String ID = "bb513e2c367a494fbf68e63241a19509_zMftomz0mwgoHSRng157WFwiSCXs6YcdLRhiY5ms+78=";

    private static final byte[] OLD = {1, 2, 3};
    private static final byte[] NEW = {4, 5, 6, 7};

    private final ManualClock clock = new ManualClock(START);
    /** The reaper ticks once an hour, so expiry here is only the store's refusal to hand out an expired item. */
    private final MemorySessionStore<SharePointStateItem> store =
            new MemorySessionStore<>(clock, new MemoryStoreSettings(0, HOUR, 1_000));

    @AfterEach
    void close() {
        store.close();
    }

    static Stream<Arguments> flows() {
        return Stream.of(
                arguments(
                        "[MS-SPSTATE] 4.1 and 4.2: add, get with lock, update with the cookie; the next get sees the new data",
                        List.of(
                                step(new ProcAddItem(OLD, 20), NULLS),
                                step(new ProcGetItemWithLock(), found(OLD, false, 0, 2)),
                                step(new ProcUpdateItem(NEW, 20, 2), NULLS),
                                step(new ProcGetItemWithoutLock(), found(NEW, false, 0, 2)))),
                arguments(
                        "A second add of the same id is error 2627 and changes nothing",
                        List.of(
                                step(new ProcAddItem(OLD, 20), NULLS),
                                step(new ProcAddItem(NEW, 20), DUPLICATE),
                                step(new ProcGetItemWithoutLock(), found(OLD, false, 0, 1)))),
                arguments(
                        "A locked item: another request polls and sees the age grow; a stale update is ignored; the holder's release frees it",
                        List.of(
                                step(new ProcAddItem(OLD, 20), NULLS),
                                step(new ProcGetItemWithLock(), found(OLD, false, 0, 2)),
                                step(500, new ProcGetItemWithLock(), found(null, true, 0, 2)),
                                step(1_000, new ProcGetItemWithLock(), found(null, true, 1, 2)),
                                step(110_000, new ProcGetItemWithLock(), found(null, true, 111, 2)),
                                step(0, new ProcUpdateItem(NEW, 20, 1), NULLS),
                                step(0, new ProcGetItemWithoutLock(), found(null, true, 111, 2)),
                                step(0, new ProcReleaseItemLock(2), NULLS),
                                step(0, new ProcGetItemWithLock(), found(OLD, false, 0, 3)))),
                arguments(
                        "Delete: a stale cookie keeps the item, the held one removes it, then the id can be added again with cookie 1",
                        List.of(
                                step(new ProcAddItem(OLD, 20), NULLS),
                                step(new ProcGetItemWithLock(), found(OLD, false, 0, 2)),
                                step(new ProcDeleteItem(1), NULLS),
                                step(new ProcGetItemWithoutLock(), found(null, true, 0, 2)),
                                step(new ProcDeleteItem(2), NULLS),
                                step(new ProcGetItemWithoutLock(), NULLS),
                                step(new ProcAddItem(NEW, 20), NULLS),
                                step(new ProcGetItemWithLock(), found(NEW, false, 0, 2)))),
                arguments(
                        "Expiry is refreshed by every get, release and refresh: 19 min apart, a 20 min item lives on",
                        List.of(
                                step(new ProcAddItem(OLD, 20), NULLS),
                                step(19 * MINUTE, new ProcGetItemWithoutLock(), found(OLD, false, 0, 1)),
                                step(19 * MINUTE, new ProcGetItemWithLock(), found(OLD, false, 0, 2)),
                                step(19 * MINUTE, new ProcGetItemWithoutLock(), found(null, true, 1140, 2)),
                                step(19 * MINUTE, new ProcReleaseItemLock(2), NULLS),
                                step(19 * MINUTE, new ProcRefreshItemExpiration(), NULLS),
                                step(19 * MINUTE, new ProcGetItemWithoutLock(), found(OLD, false, 0, 2)))),
                arguments(
                        "Expiry: still there 1 ms before the timeout; untouched for the full timeout after that, gone and the id addable again",
                        List.of(
                                step(new ProcAddItem(OLD, 20), NULLS),
                                step(20 * MINUTE - 1, new ProcGetItemWithoutLock(), found(OLD, false, 0, 1)),
                                step(20 * MINUTE, new ProcGetItemWithoutLock(), NULLS),
                                step(0, new ProcAddItem(NEW, 20), NULLS))),
                arguments(
                        "Timeout is in minutes: a 1-minute item is there after 59.999 s and gone after 60 s",
                        List.of(
                                step(new ProcAddItem(OLD, 1), NULLS),
                                step(59_999, new ProcGetItemWithoutLock(), found(OLD, false, 0, 1)),
                                step(60_000, new ProcGetItemWithoutLock(), NULLS))),
                arguments(
                        "Update takes the new timeout: 20 -> 2 minutes, gone 2 minutes later",
                        List.of(
                                step(new ProcAddItem(OLD, 20), NULLS),
                                step(new ProcGetItemWithLock(), found(OLD, false, 0, 2)),
                                step(new ProcUpdateItem(NEW, 2, 2), NULLS),
                                step(2 * MINUTE, new ProcGetItemWithoutLock(), NULLS))),
                arguments(
                        "A wrong-cookie update or release neither writes nor refreshes: the item still expires on time",
                        List.of(
                                step(new ProcAddItem(OLD, 20), NULLS),
                                step(10 * MINUTE, new ProcUpdateItem(NEW, 20, 9), NULLS),
                                step(5 * MINUTE, new ProcReleaseItemLock(9), NULLS),
                                step(5 * MINUTE, new ProcGetItemWithoutLock(), NULLS))),
                arguments(
                        "An item that expires while locked is gone: the holder's update then creates nothing",
                        List.of(
                                step(new ProcAddItem(OLD, 20), NULLS),
                                step(new ProcGetItemWithLock(), found(OLD, false, 0, 2)),
                                step(20 * MINUTE, new ProcUpdateItem(NEW, 20, 2), NULLS),
                                step(0, new ProcGetItemWithoutLock(), NULLS))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void flows(String rule, List<Step> steps) {
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            clock.advance(Duration.ofMillis(step.advanceMillis()));
            SharePointProcedureResult result =
                    store.execute(ID, step.procedure()).toCompletableFuture().join();
            assertThat(result)
                    .as("step %d: %s", i + 1, step.procedure().getClass().getSimpleName())
                    .usingRecursiveComparison()
                    .isEqualTo(step.expected());
        }
    }

    /**
     * proc_DeleteExpiredItems does nothing itself, which is only right because the store already hides every expired
     * item: before the reaper has run, an expired item is invisible to the procedures and to iteration, and the call
     * answers 0 with no outputs.
     */
    @Test
    void deleteExpiredItemsAnswersZeroAndExpiredItemsAreAlreadyInvisible() {
        execute("short", new ProcAddItem(OLD, 1));
        execute("long", new ProcAddItem(NEW, 20));
        clock.advance(Duration.ofMinutes(1));

        assertThat(SharePointServerProcedures.procDeleteExpiredItems())
                .usingRecursiveComparison()
                .isEqualTo(NULLS);
        List<String> visible = new ArrayList<>();
        store.forEach((key, item) -> visible.add(key)).toCompletableFuture().join();
        assertThat(visible).containsExactly("long");
        assertThat(execute("short", new ProcGetItemWithLock()))
                .usingRecursiveComparison()
                .isEqualTo(NULLS);
        assertThat(execute("short", new ProcRefreshItemExpiration()))
                .usingRecursiveComparison()
                .isEqualTo(NULLS);
        assertThat(execute("short", new ProcAddItem(NEW, 20)))
                .usingRecursiveComparison()
                .isEqualTo(NULLS);
    }

    private SharePointProcedureResult execute(String id, SharePointProcedure procedure) {
        return store.execute(id, procedure).toCompletableFuture().join();
    }

    private static final SharePointProcedureResult NULLS =
            new SharePointProcedureResult(Status.OK, null, null, null, null);
    private static final SharePointProcedureResult DUPLICATE =
            new SharePointProcedureResult(Status.DUPLICATE_KEY, null, null, null, null);

    private static SharePointProcedureResult found(byte[] item, boolean locked, int lockAge, int cookie) {
        return new SharePointProcedureResult(Status.OK, item, locked, lockAge, cookie);
    }

    record Step(long advanceMillis, SharePointProcedure procedure, SharePointProcedureResult expected) {}

    private static Step step(SharePointProcedure procedure, SharePointProcedureResult expected) {
        return new Step(0, procedure, expected);
    }

    private static Step step(long advanceMillis, SharePointProcedure procedure, SharePointProcedureResult expected) {
        return new Step(advanceMillis, procedure, expected);
    }
}
