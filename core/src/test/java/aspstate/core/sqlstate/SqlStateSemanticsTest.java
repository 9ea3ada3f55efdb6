package aspstate.core.sqlstate;

import static aspstate.core.store.Outcome.Change.DELETE;
import static aspstate.core.store.Outcome.Change.KEEP;
import static aspstate.core.store.Outcome.Change.PUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import aspstate.core.sqlstate.SqlProcedureResult.Status;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItem;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItem2;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItem3;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItemExclusive;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItemExclusive2;
import aspstate.core.sqlstate.SqlStateProcedure.TempGetStateItemExclusive3;
import aspstate.core.sqlstate.SqlStateProcedure.TempInsertStateItemLong;
import aspstate.core.sqlstate.SqlStateProcedure.TempInsertStateItemShort;
import aspstate.core.sqlstate.SqlStateProcedure.TempInsertUninitializedItem;
import aspstate.core.sqlstate.SqlStateProcedure.TempReleaseStateItemExclusive;
import aspstate.core.sqlstate.SqlStateProcedure.TempRemoveStateItem;
import aspstate.core.sqlstate.SqlStateProcedure.TempResetTimeout;
import aspstate.core.sqlstate.SqlStateProcedure.TempUpdateStateItemLong;
import aspstate.core.sqlstate.SqlStateProcedure.TempUpdateStateItemLongNullShort;
import aspstate.core.sqlstate.SqlStateProcedure.TempUpdateStateItemShort;
import aspstate.core.sqlstate.SqlStateProcedure.TempUpdateStateItemShortNullLong;
import aspstate.core.store.Outcome;
import aspstate.core.store.Outcome.Change;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules of docs/spec/sql-state-procedures.md, "ASPState procedures", one table row per rule.
 *
 * <p>Every row states the item before the call (null = no row for the id), the procedure with its parameters, and
 * the complete expected outcome: the change the store must make, every field of the item left behind, and every
 * output of the answer. Expected values are written out literally, not derived from the code under test, so a row
 * fails as soon as the rule it is named after is broken.
 *
 * <p>Conventions: the stored item was inserted at {@link #CREATED} and last touched at {@link #T0} with a
 * {@link #TIMEOUT}-minute timeout; procedures run at {@link #NOW}; a held lock was taken at {@link #LOCKED_AT}, 2.9 s
 * before NOW (so a lock age of 3 shows that second boundaries are counted, as DATEDIFF does), with cookie {@link #HELD}.
 */
class SqlStateSemanticsTest {

    private static final long MINUTE = 60_000L;
    private static final long CREATED = 1_700_000_000_000L;
    private static final long T0 = CREATED + 10 * MINUTE;
    private static final long NOW = T0 + 90_500L;
    private static final int TIMEOUT = 15;
    private static final long LOCKED_AT = NOW - 2_900L;
    private static final int HELD = 7;
    /** Session data is opaque: NUL and 0xFF must survive untouched. */
    private static final byte[] SHORT = {0, 1, (byte) 0xFF, 's'};

    private static final byte[] LONG = {'l', 0, (byte) 0xFF, 'o', 'n', 'g'};
    private static final byte[] NEW = {'n', (byte) 0xFE, 0, 'w'};

    // ---------------------------------------------------------------------------------------------------------------
    // The tables
    // ---------------------------------------------------------------------------------------------------------------

    static Stream<Arguments> getStateItem3() {
        return Stream.of(
                row(
                        "Get3: missing id -> every output NULL, no result set, nothing stored",
                        null,
                        new TempGetStateItem3(),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "Get3: unlocked, short only -> @itemShort, @locked 0, @lockAge 0, @lockCookie, @actionFlags 0, no result set; expiry slid",
                        stored(),
                        new TempGetStateItem3(),
                        v3(SHORT, false, 0, 1, 0, null),
                        PUT,
                        stored().slid()),
                row(
                        "Get3: unlocked, long only -> @itemShort NULL and the SessionItemLong result set",
                        stored().items(null, LONG),
                        new TempGetStateItem3(),
                        v3(null, false, 0, 1, 0, LONG),
                        PUT,
                        stored().items(null, LONG).slid()),
                row(
                        "Get3: unlocked, both columns set -> @itemShort and the result set",
                        stored().items(SHORT, LONG),
                        new TempGetStateItem3(),
                        v3(SHORT, false, 0, 1, 0, LONG),
                        PUT,
                        stored().items(SHORT, LONG).slid()),
                row(
                        "Get3: unlocked after an earlier lock -> @lockAge 0 (decision), @lockCookie the current counter",
                        stored().cookie(HELD).releasedLock(LOCKED_AT),
                        new TempGetStateItem3(),
                        v3(SHORT, false, 0, HELD, 0, null),
                        PUT,
                        stored().cookie(HELD).releasedLock(LOCKED_AT).slid()),
                row(
                        "Get3: locked -> no data and no result set, @locked 1, @lockAge in second boundaries crossed, held cookie; lock kept, expiry slid",
                        stored().items(SHORT, LONG).lockedBy(HELD, LOCKED_AT),
                        new TempGetStateItem3(),
                        v3(null, true, 3, HELD, 0, null),
                        PUT,
                        stored().items(SHORT, LONG).lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Get3: uninitialized -> @actionFlags 1 and the flag is cleared",
                        stored().flags(1),
                        new TempGetStateItem3(),
                        v3(SHORT, false, 0, 1, 1, null),
                        PUT,
                        stored().slid()),
                row(
                        "Get3: uninitialized and locked -> @actionFlags 1 even when locked, flag cleared",
                        stored().flags(1).lockedBy(HELD, LOCKED_AT),
                        new TempGetStateItem3(),
                        v3(null, true, 3, HELD, 1, null),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Get3: only bit 1 of Flags is cleared (Flags & ~1), other bits stay",
                        stored().flags(3),
                        new TempGetStateItem3(),
                        v3(SHORT, false, 0, 1, 1, null),
                        PUT,
                        stored().flags(2).slid()),
                row(
                        "Get3: another flag bit alone is not 'uninitialized' -> @actionFlags 0, Flags kept",
                        stored().flags(2),
                        new TempGetStateItem3(),
                        v3(SHORT, false, 0, 1, 0, null),
                        PUT,
                        stored().flags(2).slid()));
    }

    static Stream<Arguments> getStateItemExclusive3() {
        return Stream.of(
                row(
                        "Exclusive3: missing id -> every output NULL, no result set, nothing stored",
                        null,
                        new TempGetStateItemExclusive3(),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "Exclusive3: unlocked new item (cookie 1) -> data, @locked 0 (state BEFORE the call), @lockAge 0, cookie 2; locked at now",
                        stored(),
                        new TempGetStateItemExclusive3(),
                        v3(SHORT, false, 0, 2, 0, null),
                        PUT,
                        stored().lockedBy(2, NOW).slid()),
                row(
                        "Exclusive3: unlocked after a release (counter 5) -> cookie 6, lockDate replaced by now",
                        stored().cookie(5).releasedLock(LOCKED_AT),
                        new TempGetStateItemExclusive3(),
                        v3(SHORT, false, 0, 6, 0, null),
                        PUT,
                        stored().lockedBy(6, NOW).slid()),
                row(
                        "Exclusive3: unlocked with itemLong -> the result set comes with the lock",
                        stored().items(null, LONG),
                        new TempGetStateItemExclusive3(),
                        v3(null, false, 0, 2, 0, LONG),
                        PUT,
                        stored().items(null, LONG).lockedBy(2, NOW).slid()),
                row(
                        "Exclusive3: locked -> no data, @locked 1, @lockAge since lockDate, cookie and lockDate unchanged; expiry slid",
                        stored().items(SHORT, LONG).lockedBy(HELD, LOCKED_AT),
                        new TempGetStateItemExclusive3(),
                        v3(null, true, 3, HELD, 0, null),
                        PUT,
                        stored().items(SHORT, LONG).lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Exclusive3: uninitialized -> @actionFlags 1, lock taken, flag cleared",
                        stored().flags(1),
                        new TempGetStateItemExclusive3(),
                        v3(SHORT, false, 0, 2, 1, null),
                        PUT,
                        stored().lockedBy(2, NOW).slid()),
                row(
                        "Exclusive3: uninitialized and locked -> @actionFlags 1, flag cleared, lock untouched",
                        stored().flags(1).lockedBy(HELD, LOCKED_AT),
                        new TempGetStateItemExclusive3(),
                        v3(null, true, 3, HELD, 1, null),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Exclusive3: cookie 2147483646 -> 2147483647",
                        stored().cookie(Integer.MAX_VALUE - 1),
                        new TempGetStateItemExclusive3(),
                        v3(SHORT, false, 0, Integer.MAX_VALUE, 0, null),
                        PUT,
                        stored().lockedBy(Integer.MAX_VALUE, NOW).slid()),
                row(
                        "Exclusive3: cookie 2147483647 wraps to 1 instead of overflowing (decision)",
                        stored().cookie(Integer.MAX_VALUE),
                        new TempGetStateItemExclusive3(),
                        v3(SHORT, false, 0, 1, 0, null),
                        PUT,
                        stored().lockedBy(1, NOW).slid()));
    }

    static Stream<Arguments> version2() {
        return Stream.of(
                row("Get2: missing id -> every output NULL", null, new TempGetStateItem2(), NULLS, KEEP, null),
                row(
                        "Get2: uninitialized -> no @actionFlags output, Flags untouched (v3 reports it later)",
                        stored().items(SHORT, LONG).flags(1),
                        new TempGetStateItem2(),
                        v2(SHORT, false, 0, 1, LONG),
                        PUT,
                        stored().items(SHORT, LONG).flags(1).slid()),
                row(
                        "Get2: locked -> @lockAge, no data",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempGetStateItem2(),
                        v2(null, true, 3, HELD, null),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Exclusive2: missing id -> every output NULL",
                        null,
                        new TempGetStateItemExclusive2(),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "Exclusive2: unlocked uninitialized -> lock with cookie 2, no @actionFlags, Flags untouched",
                        stored().flags(1),
                        new TempGetStateItemExclusive2(),
                        v2(SHORT, false, 0, 2, null),
                        PUT,
                        stored().flags(1).lockedBy(2, NOW).slid()),
                row(
                        "Exclusive2: locked -> @locked 1, @lockAge, held cookie",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempGetStateItemExclusive2(),
                        v2(null, true, 3, HELD, null),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()));
    }

    static Stream<Arguments> version1() {
        return Stream.of(
                row("Get1: missing id -> every output NULL", null, new TempGetStateItem(), NULLS, KEEP, null),
                row(
                        "Get1: unlocked -> @lockDate is the item's lockDate (insert time here), no @lockAge, no @actionFlags",
                        stored().items(SHORT, LONG).flags(1),
                        new TempGetStateItem(),
                        v1(SHORT, false, CREATED, 1, LONG),
                        PUT,
                        stored().items(SHORT, LONG).flags(1).slid()),
                row(
                        "Get1: locked -> @lockDate of the held lock, no data",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempGetStateItem(),
                        v1(null, true, LOCKED_AT, HELD, null),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Exclusive1: unlocked -> lock taken at now, @lockDate = now, cookie 2, Flags untouched",
                        stored().flags(1),
                        new TempGetStateItemExclusive(),
                        v1(SHORT, false, NOW, 2, null),
                        PUT,
                        stored().flags(1).lockedBy(2, NOW).slid()),
                row(
                        "Exclusive1: locked -> @lockDate of the held lock, cookie unchanged",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempGetStateItemExclusive(),
                        v1(null, true, LOCKED_AT, HELD, null),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()));
    }

    static Stream<Arguments> lockAge() {
        return Stream.of(
                lockAgeRow("LockAge: taken this very millisecond -> 0", 0, 0),
                lockAgeRow("LockAge: 999 ms within one second -> 0 (no second boundary crossed)", 999, 0),
                lockAgeRow("LockAge: 1000 ms -> 1", 1_000, 1),
                lockAgeRow("LockAge: 2 h 5 s -> 7205", 7_205_000, 7_205),
                lockAgeRow("LockAge: lockDate ahead of now (another node's clock) -> 0, never negative", -5_000, 0));
    }

    static Stream<Arguments> releaseStateItemExclusive() {
        return Stream.of(
                row(
                        "Release: missing id -> 0, nothing stored",
                        null,
                        new TempReleaseStateItemExclusive(HELD),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "Release: locked, cookie matches -> unlocked, expiry slid; cookie and lockDate stay",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempReleaseStateItemExclusive(HELD),
                        NULLS,
                        PUT,
                        stored().cookie(HELD).releasedLock(LOCKED_AT).slid()),
                row(
                        "Release: cookie mismatch -> nothing changes, not even the expiry",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempReleaseStateItemExclusive(HELD + 1),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "Release: NULL cookie matches nothing",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempReleaseStateItemExclusive(null),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "Release: unlocked item with the matching cookie -> expiry slid (only the cookie is checked)",
                        stored().cookie(HELD),
                        new TempReleaseStateItemExclusive(HELD),
                        NULLS,
                        PUT,
                        stored().cookie(HELD).slid()),
                row(
                        "Release: the uninitialized flag is left for the next v3 get",
                        stored().flags(1).lockedBy(HELD, LOCKED_AT),
                        new TempReleaseStateItemExclusive(HELD),
                        NULLS,
                        PUT,
                        stored().flags(1).cookie(HELD).releasedLock(LOCKED_AT).slid()));
    }

    static Stream<Arguments> removeStateItem() {
        return Stream.of(
                row("Remove: missing id -> 0, nothing stored", null, new TempRemoveStateItem(1), NULLS, KEEP, null),
                row(
                        "Remove: unlocked, cookie matches -> deleted",
                        stored(),
                        new TempRemoveStateItem(1),
                        NULLS,
                        DELETE,
                        null),
                row(
                        "Remove: locked, cookie matches -> deleted",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempRemoveStateItem(HELD),
                        NULLS,
                        DELETE,
                        null),
                row(
                        "Remove: unlocked with a stale cookie -> kept (lock state not checked, the cookie is)",
                        stored().cookie(HELD),
                        new TempRemoveStateItem(HELD - 1),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "Remove: locked, cookie mismatch -> kept",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempRemoveStateItem(HELD + 1),
                        NULLS,
                        KEEP,
                        null),
                row("Remove: NULL cookie matches nothing", stored(), new TempRemoveStateItem(null), NULLS, KEEP, null));
    }

    static Stream<Arguments> resetTimeout() {
        return Stream.of(
                row("ResetTimeout: missing id -> 0, nothing stored", null, new TempResetTimeout(), NULLS, KEEP, null),
                row(
                        "ResetTimeout: expires = now + timeout minutes; nothing else changes",
                        stored().items(SHORT, LONG),
                        new TempResetTimeout(),
                        NULLS,
                        PUT,
                        stored().items(SHORT, LONG).slid()),
                row(
                        "ResetTimeout: a locked, uninitialized item stays locked and uninitialized",
                        stored().flags(1).lockedBy(HELD, LOCKED_AT),
                        new TempResetTimeout(),
                        NULLS,
                        PUT,
                        stored().flags(1).lockedBy(HELD, LOCKED_AT).slid()));
    }

    static Stream<Arguments> insert() {
        return Stream.of(
                row(
                        "InsertShort: -> itemShort, no itemLong, unlocked, cookie 1, flags 0, lockDate = created = now, expires now + 20 min",
                        null,
                        new TempInsertStateItemShort(NEW, 20),
                        NULLS,
                        PUT,
                        inserted(NEW, null, 20, 0)),
                row(
                        "InsertLong: -> itemLong, no itemShort",
                        null,
                        new TempInsertStateItemLong(NEW, 20),
                        NULLS,
                        PUT,
                        inserted(null, NEW, 20, 0)),
                row(
                        "InsertUninitializedItem: as InsertShort with flags = 1",
                        null,
                        new TempInsertUninitializedItem(NEW, 20),
                        NULLS,
                        PUT,
                        inserted(NEW, null, 20, 1)),
                row(
                        "Insert: timeout is in minutes: 1 -> expires now + 60 s, not now + 1 s",
                        null,
                        new TempInsertStateItemShort(NEW, 1),
                        NULLS,
                        PUT,
                        inserted(NEW, null, 1, 0).expiresAt(NOW + 60_000)),
                row(
                        "Insert: timeout 2147483647 minutes -> computed without int overflow",
                        null,
                        new TempInsertStateItemLong(NEW, Integer.MAX_VALUE),
                        NULLS,
                        PUT,
                        inserted(null, NEW, Integer.MAX_VALUE, 0).expiresAt(NOW + 2_147_483_647L * MINUTE)),
                row(
                        "Insert: timeout 0 -> expires at now, i.e. at once, as DATEADD(n, 0, now) (decision: no 'never')",
                        null,
                        new TempInsertStateItemShort(NEW, 0),
                        NULLS,
                        PUT,
                        inserted(NEW, null, 0, 0).expiresAt(NOW)),
                row(
                        "InsertShort: duplicate id -> duplicate key (2627), item untouched",
                        stored(),
                        new TempInsertStateItemShort(NEW, 20),
                        DUPLICATE,
                        KEEP,
                        null),
                row(
                        "InsertLong: duplicate of a locked item -> duplicate key, lock untouched",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempInsertStateItemLong(NEW, 20),
                        DUPLICATE,
                        KEEP,
                        null),
                row(
                        "InsertUninitializedItem: duplicate id -> duplicate key, the initialized item stays initialized",
                        stored(),
                        new TempInsertUninitializedItem(NEW, 20),
                        DUPLICATE,
                        KEEP,
                        null));
    }

    static Stream<Arguments> update() {
        return Stream.of(
                row(
                        "UpdateShort: cookie matches -> itemShort replaced, itemLong kept, new timeout, unlocked, expires now + new timeout; cookie and lockDate stay",
                        stored().items(SHORT, LONG).lockedBy(HELD, LOCKED_AT),
                        new TempUpdateStateItemShort(NEW, 30, HELD),
                        NULLS,
                        PUT,
                        stored().items(NEW, LONG)
                                .timeout(30)
                                .cookie(HELD)
                                .releasedLock(LOCKED_AT)
                                .slid()),
                row(
                        "UpdateLong: cookie matches -> itemLong replaced, itemShort kept",
                        stored().items(SHORT, LONG).lockedBy(HELD, LOCKED_AT),
                        new TempUpdateStateItemLong(NEW, 30, HELD),
                        NULLS,
                        PUT,
                        stored().items(SHORT, NEW)
                                .timeout(30)
                                .cookie(HELD)
                                .releasedLock(LOCKED_AT)
                                .slid()),
                row(
                        "UpdateShortNullLong: -> itemShort replaced and itemLong cleared",
                        stored().items(SHORT, LONG).lockedBy(HELD, LOCKED_AT),
                        new TempUpdateStateItemShortNullLong(NEW, 30, HELD),
                        NULLS,
                        PUT,
                        stored().items(NEW, null)
                                .timeout(30)
                                .cookie(HELD)
                                .releasedLock(LOCKED_AT)
                                .slid()),
                row(
                        "UpdateLongNullShort: -> itemLong replaced and itemShort cleared",
                        stored().items(SHORT, LONG).lockedBy(HELD, LOCKED_AT),
                        new TempUpdateStateItemLongNullShort(NEW, 30, HELD),
                        NULLS,
                        PUT,
                        stored().items(null, NEW)
                                .timeout(30)
                                .cookie(HELD)
                                .releasedLock(LOCKED_AT)
                                .slid()),
                row(
                        "Update: expiry uses the NEW timeout in minutes (1 -> now + 60 s), not the stored 15",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempUpdateStateItemShort(NEW, 1, HELD),
                        NULLS,
                        PUT,
                        stored().items(NEW, null)
                                .timeout(1)
                                .cookie(HELD)
                                .releasedLock(LOCKED_AT)
                                .expiresAt(NOW + 60_000)),
                row(
                        "Update: wrong cookie -> nothing changes (data, lock, expiry)",
                        stored().items(SHORT, LONG).lockedBy(HELD, LOCKED_AT),
                        new TempUpdateStateItemShort(NEW, 30, HELD + 1),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "Update: wrong cookie on a Null variant -> the other column is not cleared either",
                        stored().items(SHORT, LONG).lockedBy(HELD, LOCKED_AT),
                        new TempUpdateStateItemLongNullShort(NEW, 30, HELD - 1),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "Update: NULL cookie matches nothing",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new TempUpdateStateItemLong(NEW, 30, null),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "Update: missing id -> 0 and nothing is created",
                        null,
                        new TempUpdateStateItemShort(NEW, 30, 1),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "Update: unlocked item with the matching cookie is updated (lock state not checked)",
                        stored().cookie(HELD).releasedLock(LOCKED_AT),
                        new TempUpdateStateItemShort(NEW, 30, HELD),
                        NULLS,
                        PUT,
                        stored().items(NEW, null)
                                .timeout(30)
                                .cookie(HELD)
                                .releasedLock(LOCKED_AT)
                                .slid()),
                row(
                        "Update: the uninitialized flag is left for the next v3 get",
                        stored().flags(1).lockedBy(HELD, LOCKED_AT),
                        new TempUpdateStateItemShort(NEW, 30, HELD),
                        NULLS,
                        PUT,
                        stored().items(NEW, null)
                                .flags(1)
                                .timeout(30)
                                .cookie(HELD)
                                .releasedLock(LOCKED_AT)
                                .slid()));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The tests: one per table, each row checked completely
    // ---------------------------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void getStateItem3(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void getStateItemExclusive3(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void version2(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void version1(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void lockAge(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void releaseStateItemExclusive(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void removeStateItem(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void resetTimeout(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void insert(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void update(String rule, Row row) {
        check(row);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Row plumbing
    // ---------------------------------------------------------------------------------------------------------------

    /** One rule: the item found (null = missing), the procedure and its time, and the full expected outcome. */
    record Row(
            SqlSessionItem before,
            SqlStateProcedure procedure,
            long now,
            SqlProcedureResult answer,
            Change change,
            SqlSessionItem after) {
        @Override
        public String toString() {
            return procedure.getClass().getSimpleName() + " on " + before;
        }
    }

    private static Arguments row(
            String rule, I before, SqlStateProcedure procedure, SqlProcedureResult answer, Change change, I after) {
        return arguments(
                rule,
                new Row(
                        before == null ? null : before.build(),
                        procedure,
                        NOW,
                        answer,
                        change,
                        after == null ? null : after.build()));
    }

    /** A Get2 at lockDate + heldMillis: only the time differs between these rows. */
    private static Arguments lockAgeRow(String rule, long heldMillis, int ageSeconds) {
        long now = T0 + heldMillis;
        return arguments(
                rule,
                new Row(
                        stored().lockedBy(HELD, T0).build(),
                        new TempGetStateItem2(),
                        now,
                        v2(null, true, ageSeconds, HELD, null),
                        PUT,
                        stored().lockedBy(HELD, T0)
                                .expiresAt(now + TIMEOUT * MINUTE)
                                .build()));
    }

    private static void check(Row row) {
        SqlSessionItem before = row.before();
        byte[] shortBefore = before == null || before.itemShort() == null
                ? null
                : before.itemShort().clone();
        byte[] longBefore = before == null || before.itemLong() == null
                ? null
                : before.itemLong().clone();

        Outcome<SqlSessionItem, SqlProcedureResult> outcome = row.procedure().apply(before, row.now());

        assertThat(outcome.change()).as("change").isEqualTo(row.change());
        assertThat(outcome.result()).as("answer").usingRecursiveComparison().isEqualTo(row.answer());
        assertThat(outcome.result().hasItemLongResultSet())
                .as("result set sent")
                .isEqualTo(row.answer().itemLongResultSet() != null);
        if (row.change() == PUT) {
            assertThat(outcome.value()).as("item").usingRecursiveComparison().isEqualTo(row.after());
        } else {
            assertThat(outcome.value()).as("value of a %s", row.change()).isNull();
        }
        // The function is pure: the item it was given (which a store may still hold) is untouched.
        if (before != null) {
            assertThat(before.itemShort()).as("input itemShort").isEqualTo(shortBefore);
            assertThat(before.itemLong()).as("input itemLong").isEqualTo(longBefore);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Expected answers, written out field by field (not through SqlProcedureResult's own constants)
    // ---------------------------------------------------------------------------------------------------------------

    /** Return status 0, every output NULL, no result set. */
    private static final SqlProcedureResult NULLS =
            new SqlProcedureResult(Status.OK, null, null, null, null, null, null, null);

    private static final SqlProcedureResult DUPLICATE =
            new SqlProcedureResult(Status.DUPLICATE_KEY, null, null, null, null, null, null, null);

    private static SqlProcedureResult v3(
            byte[] itemShort, boolean locked, int lockAge, int cookie, int actionFlags, byte[] itemLongResultSet) {
        return new SqlProcedureResult(
                Status.OK, itemShort, locked, lockAge, null, cookie, actionFlags, itemLongResultSet);
    }

    private static SqlProcedureResult v2(
            byte[] itemShort, boolean locked, int lockAge, int cookie, byte[] itemLongResultSet) {
        return new SqlProcedureResult(Status.OK, itemShort, locked, lockAge, null, cookie, null, itemLongResultSet);
    }

    private static SqlProcedureResult v1(
            byte[] itemShort, boolean locked, long lockDate, int cookie, byte[] itemLongResultSet) {
        return new SqlProcedureResult(Status.OK, itemShort, locked, null, lockDate, cookie, null, itemLongResultSet);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Items
    // ---------------------------------------------------------------------------------------------------------------

    /**
     * The item a procedure finds: SHORT only, 15 min, inserted at CREATED and last touched at T0, never locked (so
     * lockDate is the insert time), cookie 1, flags 0.
     */
    private static I stored() {
        return new I(SHORT, null, TIMEOUT, T0 + TIMEOUT * MINUTE, CREATED);
    }

    /** What an insert at NOW must create. */
    private static I inserted(byte[] itemShort, byte[] itemLong, int timeout, int flags) {
        return new I(itemShort, itemLong, timeout, NOW + timeout * MINUTE, NOW).flags(flags);
    }

    /** A readable builder for {@link SqlSessionItem}: each row names only what differs from the base item. */
    private static final class I {
        private byte[] itemShort;
        private byte[] itemLong;
        private int timeout;
        private long expiresAt;
        private boolean locked;
        private long lockDate;
        private int cookie = 1;
        private int flags;
        private final long created;

        I(byte[] itemShort, byte[] itemLong, int timeout, long expiresAt, long created) {
            this.itemShort = itemShort;
            this.itemLong = itemLong;
            this.timeout = timeout;
            this.expiresAt = expiresAt;
            this.lockDate = created;
            this.created = created;
        }

        I items(byte[] newShort, byte[] newLong) {
            itemShort = newShort;
            itemLong = newLong;
            return this;
        }

        I timeout(int minutes) {
            timeout = minutes;
            return this;
        }

        I expiresAt(long millis) {
            expiresAt = millis;
            return this;
        }

        /** Expiry pushed to NOW + this item's timeout, as a procedure at NOW that slides it must do. */
        I slid() {
            expiresAt = NOW + timeout * MINUTE;
            return this;
        }

        I cookie(int value) {
            cookie = value;
            return this;
        }

        I lockedBy(int lockCookie, long at) {
            locked = true;
            lockDate = at;
            cookie = lockCookie;
            return this;
        }

        /** Was locked at that time and released since. */
        I releasedLock(long at) {
            locked = false;
            lockDate = at;
            return this;
        }

        I flags(int value) {
            flags = value;
            return this;
        }

        SqlSessionItem build() {
            return new SqlSessionItem(
                    itemShort, itemLong, timeout, expiresAt, locked, lockDate, cookie, flags, created);
        }
    }
}
