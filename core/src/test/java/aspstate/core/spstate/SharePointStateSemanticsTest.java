package aspstate.core.spstate;

import static aspstate.core.store.Outcome.Change.DELETE;
import static aspstate.core.store.Outcome.Change.KEEP;
import static aspstate.core.store.Outcome.Change.PUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import aspstate.core.spstate.SharePointProcedure.ProcAddItem;
import aspstate.core.spstate.SharePointProcedure.ProcDeleteItem;
import aspstate.core.spstate.SharePointProcedure.ProcGetItemWithLock;
import aspstate.core.spstate.SharePointProcedure.ProcGetItemWithoutLock;
import aspstate.core.spstate.SharePointProcedure.ProcRefreshItemExpiration;
import aspstate.core.spstate.SharePointProcedure.ProcReleaseItemLock;
import aspstate.core.spstate.SharePointProcedure.ProcUpdateItem;
import aspstate.core.sqlstate.SqlProcedureResult.Status;
import aspstate.core.store.Outcome;
import aspstate.core.store.Outcome.Change;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules of docs/spec/sql-state-procedures.md, "SharePoint procedures" ([MS-SPSTATE] 3.1.5), one table row per
 * rule.
 *
 * <p>Every row states the item before the call (null = no item for the id), the procedure with its parameters, and
 * the complete expected outcome: the change the store must make, every field of the item left behind, and every
 * output of the answer. Expected values are written out literally, not derived from the code under test, so a row
 * fails as soon as the rule it is named after is broken.
 *
 * <p>Conventions: the stored item was added at {@link #ADDED} (its lock time since) and last touched at {@link #T0}
 * with a {@link #TIMEOUT}-minute timeout; procedures run at {@link #NOW}; a held lock was placed at
 * {@link #LOCKED_AT}, 2.9 s before NOW (so a lock age of 3 shows that second boundaries are counted, as DATEDIFF
 * does), with cookie {@link #HELD}.
 */
class SharePointStateSemanticsTest {

    private static final long MINUTE = 60_000L;
    private static final long ADDED = 1_700_000_000_000L;
    private static final long T0 = ADDED + 10 * MINUTE;
    private static final long NOW = T0 + 90_500L;
    private static final int TIMEOUT = 15;
    private static final long LOCKED_AT = NOW - 2_900L;
    private static final int HELD = 7;
    /** Binary data is opaque: NUL and 0xFF must survive untouched. */
    private static final byte[] DATA = {0, 1, (byte) 0xFF, 'd'};

    private static final byte[] NEW = {'n', (byte) 0xFE, 0, 'w'};

    // ---------------------------------------------------------------------------------------------------------------
    // The tables
    // ---------------------------------------------------------------------------------------------------------------

    static Stream<Arguments> addItem() {
        return Stream.of(
                row(
                        "AddItem: new id -> stored unlocked, cookie 1, lock time = now, expires now + 20 min; 0, no outputs",
                        null,
                        new ProcAddItem(NEW, 20),
                        NULLS,
                        PUT,
                        added(NEW, 20)),
                row(
                        "AddItem: timeout is in minutes: 1 -> expires now + 60 s, not now + 1 s",
                        null,
                        new ProcAddItem(NEW, 1),
                        NULLS,
                        PUT,
                        added(NEW, 1).expiresAt(NOW + 60_000)),
                row(
                        "AddItem: timeout 2147483647 minutes -> computed without int overflow",
                        null,
                        new ProcAddItem(NEW, Integer.MAX_VALUE),
                        NULLS,
                        PUT,
                        added(NEW, Integer.MAX_VALUE).expiresAt(NOW + 2_147_483_647L * MINUTE)),
                row(
                        "AddItem: timeout 0 -> expires at now, i.e. at once (DATEADD, no 'never'; decision)",
                        null,
                        new ProcAddItem(NEW, 0),
                        NULLS,
                        PUT,
                        added(NEW, 0).expiresAt(NOW)),
                row(
                        "AddItem: NULL @item -> stored as NULL (decision: varbinary(max) allows it)",
                        null,
                        new ProcAddItem(null, 20),
                        NULLS,
                        PUT,
                        added(null, 20)),
                row(
                        "AddItem: existing id -> error 2627, item untouched",
                        stored(),
                        new ProcAddItem(NEW, 20),
                        DUPLICATE,
                        KEEP,
                        null),
                row(
                        "AddItem: existing locked id -> error 2627, lock untouched",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcAddItem(NEW, 20),
                        DUPLICATE,
                        KEEP,
                        null));
    }

    static Stream<Arguments> getItemWithoutLock() {
        return Stream.of(
                row(
                        "GetItemWithoutLock: missing id -> every output NULL, nothing stored",
                        null,
                        new ProcGetItemWithoutLock(),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "GetItemWithoutLock: unlocked -> @item, @locked 0, @lockAgeInSeconds 0, stored cookie; expiry refreshed, no lock placed",
                        stored(),
                        new ProcGetItemWithoutLock(),
                        found(DATA, false, 0, 1),
                        PUT,
                        stored().refreshed()),
                row(
                        "GetItemWithoutLock: unlocked after an earlier lock -> age 0, the current cookie; lock time kept",
                        stored().cookie(HELD).releasedLock(LOCKED_AT),
                        new ProcGetItemWithoutLock(),
                        found(DATA, false, 0, HELD),
                        PUT,
                        stored().cookie(HELD).releasedLock(LOCKED_AT).refreshed()),
                row(
                        "GetItemWithoutLock: locked -> @item NULL, @locked 1, age in second boundaries crossed, held cookie; lock kept, expiry refreshed",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcGetItemWithoutLock(),
                        found(null, true, 3, HELD),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).refreshed()),
                row(
                        "GetItemWithoutLock: unlocked NULL data -> @item NULL but @locked 0",
                        stored().data(null),
                        new ProcGetItemWithoutLock(),
                        found(null, false, 0, 1),
                        PUT,
                        stored().data(null).refreshed()),
                row(
                        "GetItemWithoutLock: expiry refresh uses the item's own timeout (1 min -> now + 60 s)",
                        stored().timeout(1),
                        new ProcGetItemWithoutLock(),
                        found(DATA, false, 0, 1),
                        PUT,
                        stored().timeout(1).expiresAt(NOW + 60_000)));
    }

    static Stream<Arguments> getItemWithLock() {
        return Stream.of(
                row(
                        "GetItemWithLock: missing id -> every output NULL, nothing stored",
                        null,
                        new ProcGetItemWithLock(),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "GetItemWithLock: unlocked new item (cookie 1) -> @item, @locked 0 (state before the call), age 0, cookie 2; locked at now, expiry refreshed",
                        stored(),
                        new ProcGetItemWithLock(),
                        found(DATA, false, 0, 2),
                        PUT,
                        stored().lockedBy(2, NOW).refreshed()),
                row(
                        "GetItemWithLock: unlocked after a release (counter 5) -> cookie 6, lock time replaced by now",
                        stored().cookie(5).releasedLock(LOCKED_AT),
                        new ProcGetItemWithLock(),
                        found(DATA, false, 0, 6),
                        PUT,
                        stored().lockedBy(6, NOW).refreshed()),
                row(
                        "GetItemWithLock: locked -> @item NULL, @locked 1, age since the lock, held cookie; cookie and lock time unchanged, expiry refreshed",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcGetItemWithLock(),
                        found(null, true, 3, HELD),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).refreshed()),
                row(
                        "GetItemWithLock: unlocked NULL data -> lock placed, @item NULL, @locked 0, cookie 2",
                        stored().data(null),
                        new ProcGetItemWithLock(),
                        found(null, false, 0, 2),
                        PUT,
                        stored().data(null).lockedBy(2, NOW).refreshed()),
                row(
                        "GetItemWithLock: cookie 2147483646 -> 2147483647",
                        stored().cookie(Integer.MAX_VALUE - 1),
                        new ProcGetItemWithLock(),
                        found(DATA, false, 0, Integer.MAX_VALUE),
                        PUT,
                        stored().lockedBy(Integer.MAX_VALUE, NOW).refreshed()),
                row(
                        "GetItemWithLock: cookie 2147483647 wraps to 1 instead of overflowing (decision)",
                        stored().cookie(Integer.MAX_VALUE),
                        new ProcGetItemWithLock(),
                        found(DATA, false, 0, 1),
                        PUT,
                        stored().lockedBy(1, NOW).refreshed()));
    }

    static Stream<Arguments> lockAge() {
        return Stream.of(
                lockAgeRow("LockAge: placed this very millisecond -> 0", 0, 0),
                lockAgeRow("LockAge: 999 ms within one second -> 0 (no second boundary crossed)", 999, 0),
                lockAgeRow("LockAge: 1000 ms -> 1", 1_000, 1),
                lockAgeRow("LockAge: 2 h 5 s -> 7205", 7_205_000, 7_205),
                lockAgeRow("LockAge: lock time ahead of now (another node's clock) -> 0, never negative", -5_000, 0),
                lockAgeRow(
                        "LockAge: held longer than an int of seconds -> capped at 2147483647",
                        (Integer.MAX_VALUE + 10L) * 1000,
                        Integer.MAX_VALUE));
    }

    static Stream<Arguments> releaseItemLock() {
        return Stream.of(
                row(
                        "ReleaseItemLock: missing id -> 0, nothing stored",
                        null,
                        new ProcReleaseItemLock(HELD),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "ReleaseItemLock: locked, cookie matches -> unlocked, expiry refreshed; cookie and lock time stay",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcReleaseItemLock(HELD),
                        NULLS,
                        PUT,
                        stored().cookie(HELD).releasedLock(LOCKED_AT).refreshed()),
                row(
                        "ReleaseItemLock: cookie mismatch -> nothing changes, not even the expiry",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcReleaseItemLock(HELD + 1),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "ReleaseItemLock: NULL cookie matches nothing",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcReleaseItemLock(null),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "ReleaseItemLock: unlocked item with the matching cookie -> expiry refreshed (only the cookie is checked; decision)",
                        stored().cookie(HELD),
                        new ProcReleaseItemLock(HELD),
                        NULLS,
                        PUT,
                        stored().cookie(HELD).refreshed()));
    }

    static Stream<Arguments> updateItem() {
        return Stream.of(
                row(
                        "UpdateItem: cookie matches -> new @item, new timeout, unlocked, expires now + new timeout; cookie and lock time stay",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcUpdateItem(NEW, 30, HELD),
                        NULLS,
                        PUT,
                        stored().data(NEW)
                                .timeout(30)
                                .cookie(HELD)
                                .releasedLock(LOCKED_AT)
                                .refreshed()),
                row(
                        "UpdateItem: expiry uses the NEW timeout in minutes (1 -> now + 60 s), not the stored 15",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcUpdateItem(NEW, 1, HELD),
                        NULLS,
                        PUT,
                        stored().data(NEW)
                                .timeout(1)
                                .cookie(HELD)
                                .releasedLock(LOCKED_AT)
                                .expiresAt(NOW + 60_000)),
                row(
                        "UpdateItem: NULL @item with the matching cookie -> stored as NULL",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcUpdateItem(null, 30, HELD),
                        NULLS,
                        PUT,
                        stored().data(null)
                                .timeout(30)
                                .cookie(HELD)
                                .releasedLock(LOCKED_AT)
                                .refreshed()),
                row(
                        "UpdateItem: wrong cookie -> nothing changes (data, timeout, lock, expiry)",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcUpdateItem(NEW, 30, HELD + 1),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "UpdateItem: NULL cookie matches nothing",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcUpdateItem(NEW, 30, null),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "UpdateItem: missing id -> 0 and nothing is created",
                        null,
                        new ProcUpdateItem(NEW, 30, 1),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "UpdateItem: unlocked item with the matching cookie is updated (lock state not checked; decision)",
                        stored().cookie(HELD).releasedLock(LOCKED_AT),
                        new ProcUpdateItem(NEW, 30, HELD),
                        NULLS,
                        PUT,
                        stored().data(NEW)
                                .timeout(30)
                                .cookie(HELD)
                                .releasedLock(LOCKED_AT)
                                .refreshed()));
    }

    static Stream<Arguments> deleteItem() {
        return Stream.of(
                row("DeleteItem: missing id -> 0, nothing stored", null, new ProcDeleteItem(1), NULLS, KEEP, null),
                row(
                        "DeleteItem: unlocked, cookie matches -> deleted",
                        stored(),
                        new ProcDeleteItem(1),
                        NULLS,
                        DELETE,
                        null),
                row(
                        "DeleteItem: locked, cookie matches -> deleted",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcDeleteItem(HELD),
                        NULLS,
                        DELETE,
                        null),
                row(
                        "DeleteItem: locked, stale cookie -> kept",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcDeleteItem(HELD - 1),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "DeleteItem: unlocked, wrong cookie -> kept (the cookie is checked even without a lock)",
                        stored(),
                        new ProcDeleteItem(2),
                        NULLS,
                        KEEP,
                        null),
                row("DeleteItem: NULL cookie matches nothing", stored(), new ProcDeleteItem(null), NULLS, KEEP, null));
    }

    static Stream<Arguments> refreshItemExpiration() {
        return Stream.of(
                row(
                        "RefreshItemExpiration: missing id -> 0, nothing stored",
                        null,
                        new ProcRefreshItemExpiration(),
                        NULLS,
                        KEEP,
                        null),
                row(
                        "RefreshItemExpiration: expires = now + timeout minutes; nothing else changes",
                        stored().timeout(40),
                        new ProcRefreshItemExpiration(),
                        NULLS,
                        PUT,
                        stored().timeout(40).expiresAt(NOW + 40 * MINUTE)),
                row(
                        "RefreshItemExpiration: a locked item stays locked with its cookie and lock time",
                        stored().lockedBy(HELD, LOCKED_AT),
                        new ProcRefreshItemExpiration(),
                        NULLS,
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).refreshed()));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The tests: one per table, each row checked completely
    // ---------------------------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void addItem(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void getItemWithoutLock(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void getItemWithLock(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void lockAge(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void releaseItemLock(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void updateItem(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void deleteItem(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void refreshItemExpiration(String rule, Row row) {
        check(row);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Row plumbing
    // ---------------------------------------------------------------------------------------------------------------

    /** One rule: the item found (null = missing), the procedure and its time, and the full expected outcome. */
    record Row(
            SharePointStateItem before,
            SharePointProcedure procedure,
            long now,
            SharePointProcedureResult answer,
            Change change,
            SharePointStateItem after) {
        @Override
        public String toString() {
            return procedure.getClass().getSimpleName() + " on " + before;
        }
    }

    private static Arguments row(
            String rule,
            I before,
            SharePointProcedure procedure,
            SharePointProcedureResult answer,
            Change change,
            I after) {
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

    /** A GetItemWithoutLock at lock time + heldMillis: only the time differs between these rows. */
    private static Arguments lockAgeRow(String rule, long heldMillis, int ageSeconds) {
        long now = T0 + heldMillis;
        return arguments(
                rule,
                new Row(
                        stored().lockedBy(HELD, T0).build(),
                        new ProcGetItemWithoutLock(),
                        now,
                        found(null, true, ageSeconds, HELD),
                        PUT,
                        stored().lockedBy(HELD, T0)
                                .expiresAt(now + TIMEOUT * MINUTE)
                                .build()));
    }

    private static void check(Row row) {
        SharePointStateItem before = row.before();
        byte[] dataBefore =
                before == null || before.item() == null ? null : before.item().clone();

        Outcome<SharePointStateItem, SharePointProcedureResult> outcome =
                row.procedure().apply(before, row.now());

        assertThat(outcome.change()).as("change").isEqualTo(row.change());
        assertThat(outcome.result()).as("answer").usingRecursiveComparison().isEqualTo(row.answer());
        if (row.change() == PUT) {
            assertThat(outcome.value()).as("item").usingRecursiveComparison().isEqualTo(row.after());
        } else {
            assertThat(outcome.value()).as("value of a %s", row.change()).isNull();
        }
        // The function is pure: the item it was given (which a store may still hold) is untouched.
        if (before != null) {
            assertThat(before.item()).as("input item").isEqualTo(dataBefore);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Expected answers, written out field by field (not through SharePointProcedureResult's own constants)
    // ---------------------------------------------------------------------------------------------------------------

    /** Return status 0, every output NULL. */
    private static final SharePointProcedureResult NULLS =
            new SharePointProcedureResult(Status.OK, null, null, null, null);

    private static final SharePointProcedureResult DUPLICATE =
            new SharePointProcedureResult(Status.DUPLICATE_KEY, null, null, null, null);

    /** A get that found the item: every output set (item NULL when locked). */
    private static SharePointProcedureResult found(byte[] item, boolean locked, int lockAge, int cookie) {
        return new SharePointProcedureResult(Status.OK, item, locked, lockAge, cookie);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Items
    // ---------------------------------------------------------------------------------------------------------------

    /**
     * The item a procedure finds: DATA, 15 min, added at ADDED and last touched at T0, never locked (so the lock
     * time is the add time), cookie 1.
     */
    private static I stored() {
        return new I(DATA, TIMEOUT, T0 + TIMEOUT * MINUTE, ADDED);
    }

    /** What proc_AddItem at NOW must create. */
    private static I added(byte[] data, int timeout) {
        return new I(data, timeout, NOW + timeout * MINUTE, NOW);
    }

    /** A readable builder for {@link SharePointStateItem}: each row names only what differs from the base item. */
    private static final class I {
        private byte[] data;
        private int timeout;
        private long expiresAt;
        private boolean locked;
        private long lockTime;
        private int cookie = 1;

        I(byte[] data, int timeout, long expiresAt, long lockTime) {
            this.data = data;
            this.timeout = timeout;
            this.expiresAt = expiresAt;
            this.lockTime = lockTime;
        }

        I data(byte[] value) {
            data = value;
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

        /** Expiry pushed to NOW + this item's timeout, as a procedure at NOW that refreshes it must do. */
        I refreshed() {
            expiresAt = NOW + timeout * MINUTE;
            return this;
        }

        I cookie(int value) {
            cookie = value;
            return this;
        }

        I lockedBy(int lockCookie, long at) {
            locked = true;
            lockTime = at;
            cookie = lockCookie;
            return this;
        }

        /** Was locked at that time and released since. */
        I releasedLock(long at) {
            locked = false;
            lockTime = at;
            return this;
        }

        SharePointStateItem build() {
            return new SharePointStateItem(data, timeout, expiresAt, locked, lockTime, cookie);
        }
    }
}
