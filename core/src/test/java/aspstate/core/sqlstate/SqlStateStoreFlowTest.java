package aspstate.core.sqlstate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import aspstate.core.ManualClock;
import aspstate.core.sqlstate.SqlProcedureResult.Status;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItem3;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItemExclusive3;
import aspstate.core.sqlstate.SqlStateProcedure.TempInsertStateItemLong;
import aspstate.core.sqlstate.SqlStateProcedure.TempInsertStateItemShort;
import aspstate.core.sqlstate.SqlStateProcedure.TempInsertUninitializedItem;
import aspstate.core.sqlstate.SqlStateProcedure.TempReleaseStateItemExclusive;
import aspstate.core.sqlstate.SqlStateProcedure.TempRemoveStateItem;
import aspstate.core.sqlstate.SqlStateProcedure.TempResetTimeout;
import aspstate.core.sqlstate.SqlStateProcedure.TempUpdateStateItemLongNullShort;
import aspstate.core.sqlstate.SqlStateProcedure.TempUpdateStateItemShort;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The procedures as ASP.NET drives them, one session id through a real {@link MemorySessionStore} with time moved
 * by hand: what the per-row tables cannot show, that the state one call leaves is what the next one finds, and that
 * expiry (sliding, in minutes) is the store's, so an expired session is simply gone.
 */
class SqlStateStoreFlowTest {

    private static final long START = 1_700_000_000_000L;
    private static final long MINUTE = 60_000L;
    private static final long HOUR = 3_600_000L;
    private static final String ID = "abcdefghijklmnopqrstuvwxcd0903f9";
    private static final byte[] OLD = {1, 2, 3};
    private static final byte[] NEW = {4, 5, 6, 7};

    private final ManualClock clock = new ManualClock(START);
    /** The reaper ticks once an hour, so expiry here is only the store's refusal to hand out an expired item. */
    private final MemorySessionStore<SqlSessionItem> store =
            new MemorySessionStore<>(clock, new MemoryStoreSettings(0, HOUR, 1_000));

    @AfterEach
    void close() {
        store.close();
    }

    static Stream<Arguments> flows() {
        return Stream.of(
                arguments(
                        "A new cookieless session: uninitialized insert, @actionFlags once, update, release",
                        List.of(
                                step(new TempGetStateItemExclusive3(), NULLS),
                                step(new TempInsertUninitializedItem(OLD, 20), NULLS),
                                step(new TempGetStateItemExclusive3(), v3(OLD, false, 0, 2, 1, null)),
                                step(new TempUpdateStateItemShort(NEW, 20, 2), NULLS),
                                step(new TempGetStateItemExclusive3(), v3(NEW, false, 0, 3, 0, null)),
                                step(new TempReleaseStateItemExclusive(3), NULLS),
                                step(new TempGetStateItem3(), v3(NEW, false, 0, 3, 0, null)))),
                arguments(
                        "Another web server inserted first: the second insert is a duplicate and changes nothing",
                        List.of(
                                step(new TempInsertStateItemShort(OLD, 20), NULLS),
                                step(new TempInsertStateItemLong(NEW, 20), DUPLICATE),
                                step(new TempGetStateItem3(), v3(OLD, false, 0, 1, 0, null)))),
                arguments(
                        "A session that grew past 7000 bytes: LongNullShort moves it to the result set",
                        List.of(
                                step(new TempInsertStateItemShort(OLD, 20), NULLS),
                                step(new TempGetStateItemExclusive3(), v3(OLD, false, 0, 2, 0, null)),
                                step(new TempUpdateStateItemLongNullShort(NEW, 20, 2), NULLS),
                                step(new TempGetStateItem3(), v3(null, false, 0, 2, 0, NEW)))),
                arguments(
                        "A locked session: another request polls, sees the lock age grow, and after the update gets the data",
                        List.of(
                                step(new TempInsertStateItemShort(OLD, 20), NULLS),
                                step(new TempGetStateItemExclusive3(), v3(OLD, false, 0, 2, 0, null)),
                                step(500, new TempGetStateItemExclusive3(), v3(null, true, 0, 2, 0, null)),
                                step(1_000, new TempGetStateItemExclusive3(), v3(null, true, 1, 2, 0, null)),
                                step(110_000, new TempGetStateItemExclusive3(), v3(null, true, 111, 2, 0, null)),
                                step(0, new TempUpdateStateItemShort(NEW, 20, 1), NULLS),
                                step(0, new TempGetStateItem3(), v3(null, true, 111, 2, 0, null)),
                                step(0, new TempUpdateStateItemShort(NEW, 20, 2), NULLS),
                                step(0, new TempGetStateItemExclusive3(), v3(NEW, false, 0, 3, 0, null)))),
                arguments(
                        "Abandon: remove with the held cookie, then the id is free for a new insert with cookie 1",
                        List.of(
                                step(new TempInsertStateItemShort(OLD, 20), NULLS),
                                step(new TempGetStateItemExclusive3(), v3(OLD, false, 0, 2, 0, null)),
                                step(new TempRemoveStateItem(1), NULLS),
                                step(new TempGetStateItem3(), v3(null, true, 0, 2, 0, null)),
                                step(new TempRemoveStateItem(2), NULLS),
                                step(new TempGetStateItem3(), NULLS),
                                step(new TempInsertStateItemShort(NEW, 20), NULLS),
                                step(new TempGetStateItemExclusive3(), v3(NEW, false, 0, 2, 0, null)))),
                arguments(
                        "Expiry slides on every get: 19 min apart, a 20 min session lives on",
                        List.of(
                                step(new TempInsertStateItemShort(OLD, 20), NULLS),
                                step(19 * MINUTE, new TempGetStateItem3(), v3(OLD, false, 0, 1, 0, null)),
                                step(19 * MINUTE, new TempGetStateItemExclusive3(), v3(OLD, false, 0, 2, 0, null)),
                                step(19 * MINUTE, new TempGetStateItem3(), v3(null, true, 1140, 2, 0, null)),
                                step(19 * MINUTE, new TempReleaseStateItemExclusive(2), NULLS),
                                step(19 * MINUTE, new TempResetTimeout(), NULLS),
                                step(19 * MINUTE, new TempGetStateItem3(), v3(OLD, false, 0, 2, 0, null)))),
                arguments(
                        "Expiry: still there 1 ms before the timeout; untouched for the full timeout after that, gone and the id insertable again",
                        List.of(
                                step(new TempInsertStateItemShort(OLD, 20), NULLS),
                                step(20 * MINUTE - 1, new TempGetStateItem3(), v3(OLD, false, 0, 1, 0, null)),
                                step(20 * MINUTE, new TempGetStateItem3(), NULLS),
                                step(0, new TempInsertStateItemShort(NEW, 20), NULLS))),
                arguments(
                        "Timeout is in minutes: a 1-minute session is there after 59 s and gone after 60 s",
                        List.of(
                                step(new TempInsertStateItemShort(OLD, 1), NULLS),
                                step(59_000, new TempResetTimeout(), NULLS),
                                step(59_999, new TempGetStateItem3(), v3(OLD, false, 0, 1, 0, null)),
                                step(60_000, new TempGetStateItem3(), NULLS))),
                arguments(
                        "Update takes the new timeout: 20 -> 2 minutes, gone 2 minutes later",
                        List.of(
                                step(new TempInsertStateItemShort(OLD, 20), NULLS),
                                step(new TempGetStateItemExclusive3(), v3(OLD, false, 0, 2, 0, null)),
                                step(new TempUpdateStateItemShort(NEW, 2, 2), NULLS),
                                step(2 * MINUTE, new TempGetStateItem3(), NULLS))),
                arguments(
                        "A wrong-cookie update neither writes nor slides: the session still expires on time",
                        List.of(
                                step(new TempInsertStateItemShort(OLD, 20), NULLS),
                                step(10 * MINUTE, new TempUpdateStateItemShort(NEW, 20, 9), NULLS),
                                step(10 * MINUTE, new TempGetStateItem3(), NULLS))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void flows(String rule, List<Step> steps) {
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            clock.advance(Duration.ofMillis(step.advanceMillis()));
            SqlProcedureResult result =
                    store.execute(ID, step.procedure()).toCompletableFuture().join();
            assertThat(result)
                    .as("step %d: %s", i + 1, step.procedure().getClass().getSimpleName())
                    .usingRecursiveComparison()
                    .isEqualTo(step.expected());
        }
    }

    private static final SqlProcedureResult NULLS =
            new SqlProcedureResult(Status.OK, null, null, null, null, null, null, null);
    private static final SqlProcedureResult DUPLICATE =
            new SqlProcedureResult(Status.DUPLICATE_KEY, null, null, null, null, null, null, null);

    private static SqlProcedureResult v3(
            byte[] itemShort, boolean locked, int lockAge, int cookie, int actionFlags, byte[] itemLongResultSet) {
        return new SqlProcedureResult(
                Status.OK, itemShort, locked, lockAge, null, cookie, actionFlags, itemLongResultSet);
    }

    record Step(long advanceMillis, SqlStateProcedure procedure, SqlProcedureResult expected) {}

    private static Step step(SqlStateProcedure procedure, SqlProcedureResult expected) {
        return new Step(0, procedure, expected);
    }

    private static Step step(long advanceMillis, SqlStateProcedure procedure, SqlProcedureResult expected) {
        return new Step(advanceMillis, procedure, expected);
    }
}
