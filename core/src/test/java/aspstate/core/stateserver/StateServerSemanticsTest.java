package aspstate.core.stateserver;

import static aspstate.core.store.Outcome.Change.DELETE;
import static aspstate.core.store.Outcome.Change.KEEP;
import static aspstate.core.store.Outcome.Change.PUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import aspstate.core.ManualClock;
import aspstate.core.stateserver.StateResult.Shape;
import aspstate.core.store.Outcome;
import aspstate.core.store.Outcome.Change;
import aspstate.core.store.StoredValue;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules of docs/spec/stateserver-protocol.md, "Operations and state", one table row per rule.
 *
 * <p>Every row states the entry before the request (null = missing key), the request, and the complete expected
 * outcome: the change the store must make (PUT / KEEP / DELETE), every field of the entry left behind, and every
 * field of the answer. Expected values are written out literally (not derived from the code under test), so a row
 * fails as soon as the rule it is named after is broken.
 *
 * <p>Conventions: the stored entry was last touched at {@link #T0} with a {@link #TIMEOUT}-minute timeout (deliberately
 * not the default 20, so "Timeout absent -> 20" is distinguishable from "kept the old timeout"); requests arrive at
 * {@link #NOW}; a held lock was taken at {@link #LOCKED_AT}, 2.9 s before NOW, with cookie {@link #HELD}.
 */
class StateServerSemanticsTest {

    private static final long MINUTE = 60_000L;
    private static final long T0 = 1_700_000_000_000L;
    private static final long NOW = T0 + 90_500L;
    private static final int TIMEOUT = 15;
    private static final long LOCKED_AT = NOW - 2_900L;
    private static final int HELD = 7;
    /** Session data is opaque: NUL, CR LF CR LF and 0xFF must survive untouched. */
    private static final byte[] OLD = {0, '\r', '\n', '\r', '\n', (byte) 0xFF, 'o'};

    private static final byte[] NEW = {'n', 0, (byte) 0xFF, '\r', '\n', '\r', '\n', 'w'};

    private static final int MAX_TIMEOUT = 525_600;
    private static final int MAX_COOKIE = 2_147_483_646;

    // ---------------------------------------------------------------------------------------------------------------
    // The tables
    // ---------------------------------------------------------------------------------------------------------------

    static Stream<Arguments> newEntry() {
        return Stream.of(
                row(
                        "New entry: PUT on a missing key creates it with counter 1, Timeout absent -> 20, uninitialized=false (ExtraFlags absent)",
                        null,
                        StateRequest.set(NEW, null, false, null),
                        ok(false),
                        PUT,
                        fresh().slid()),
                row(
                        "New entry: ExtraFlags 1 -> uninitialized=true, counter 1 (the real client's insert sends LockCookie:0)",
                        null,
                        StateRequest.set(NEW, 30, true, 0),
                        ok(false),
                        PUT,
                        fresh().timeout(30).uninitialized().slid()),
                row(
                        "New entry: a LockCookie on the insert does not seed the counter, it starts at 1",
                        null,
                        StateRequest.set(NEW, 30, false, 5),
                        ok(false),
                        PUT,
                        fresh().timeout(30).slid()),
                row(
                        "New entry: Timeout 0 -> never expires (expiresAt == NEVER)",
                        null,
                        StateRequest.set(NEW, 0, true, null),
                        ok(false),
                        PUT,
                        fresh().timeout(0).uninitialized().expiresAt(StoredValue.NEVER)),
                row(
                        "New entry: Timeout 525600 (one year) is accepted, expiry computed without int overflow",
                        null,
                        StateRequest.set(NEW, MAX_TIMEOUT, false, null),
                        ok(false),
                        PUT,
                        fresh().timeout(MAX_TIMEOUT).expiresAt(NOW + 525_600L * MINUTE)));
    }

    static Stream<Arguments> get() {
        return Stream.of(
                row("Get: missing -> 404, nothing stored", null, StateRequest.get(), NOT_FOUND, KEEP, null),
                row(
                        "Get: unlocked -> 200 with the entry's Timeout and data, no LockCookie",
                        stored(),
                        StateRequest.get(),
                        data(OLD, TIMEOUT, false),
                        PUT,
                        stored().slid()),
                row(
                        "Get: unlocked entry that was locked and released before -> 200, lock state untouched",
                        stored().cookie(HELD).releasedLock(LOCKED_AT),
                        StateRequest.get(),
                        data(OLD, TIMEOUT, false),
                        PUT,
                        stored().cookie(HELD).slid()),
                row(
                        "Get: locked -> 423 with the held cookie, lock date and age; still locked",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.get(),
                        locked(HELD, LOCKED_AT, 2, false),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()));
    }

    static Stream<Arguments> getExclusive() {
        return Stream.of(
                row(
                        "GetExclusive: missing -> 404, nothing stored",
                        null,
                        StateRequest.getExclusive(),
                        NOT_FOUND,
                        KEEP,
                        null),
                row(
                        "GetExclusive: locked -> 423, cookie unchanged, lock time unchanged",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.getExclusive(),
                        locked(HELD, LOCKED_AT, 2, false),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "GetExclusive: first acquire of a new entry (counter 1) -> 200 LockCookie 2, locked at now",
                        stored(),
                        StateRequest.getExclusive(),
                        dataLocked(OLD, TIMEOUT, 2, false),
                        PUT,
                        stored().lockedBy(2, NOW).slid()),
                row(
                        "GetExclusive: counter 2 (after a release) -> LockCookie 3",
                        stored().cookie(2).releasedLock(LOCKED_AT),
                        StateRequest.getExclusive(),
                        dataLocked(OLD, TIMEOUT, 3, false),
                        PUT,
                        stored().lockedBy(3, NOW).slid()),
                row(
                        "GetExclusive: re-acquire after a release -> lock time is the new acquire's now, not the old one",
                        stored().cookie(3).releasedLock(T0 - 5 * MINUTE),
                        StateRequest.getExclusive(),
                        dataLocked(OLD, TIMEOUT, 4, false),
                        PUT,
                        stored().lockedBy(4, NOW).slid()));
    }

    static Stream<Arguments> cookieWrap() {
        return Stream.of(
                row(
                        "Cookie wrap: counter 2147483645 -> issues 2147483646",
                        stored().cookie(MAX_COOKIE - 1),
                        StateRequest.getExclusive(),
                        dataLocked(OLD, TIMEOUT, MAX_COOKIE, false),
                        PUT,
                        stored().lockedBy(MAX_COOKIE, NOW).slid()),
                row(
                        "Cookie wrap: counter 2147483646 -> issues 2 (never 2147483647, never 1)",
                        stored().cookie(MAX_COOKIE),
                        StateRequest.getExclusive(),
                        dataLocked(OLD, TIMEOUT, 2, false),
                        PUT,
                        stored().lockedBy(2, NOW).slid()));
    }

    static Stream<Arguments> releaseExclusive() {
        return Stream.of(
                row(
                        "ReleaseExclusive: missing -> 404",
                        null,
                        StateRequest.releaseExclusive(HELD),
                        NOT_FOUND,
                        KEEP,
                        null),
                row(
                        "ReleaseExclusive: locked and cookie matches -> unlock, 200; cookie counter stays",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.releaseExclusive(HELD),
                        ok(false),
                        PUT,
                        stored().cookie(HELD).slid()),
                row(
                        "ReleaseExclusive: locked and cookie mismatch -> 423 with the held cookie; still locked",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.releaseExclusive(HELD + 1),
                        locked(HELD, LOCKED_AT, 2, false),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "ReleaseExclusive: locked and cookie 0 (mismatch) -> 423",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.releaseExclusive(0),
                        locked(HELD, LOCKED_AT, 2, false),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "ReleaseExclusive: not locked -> 200 whatever the cookie, nothing but expiry changes",
                        stored().cookie(5),
                        StateRequest.releaseExclusive(99),
                        ok(false),
                        PUT,
                        stored().cookie(5).slid()));
    }

    static Stream<Arguments> actionFlags() {
        return Stream.of(
                row(
                        "ActionFlags: Get on an uninitialized entry -> 200 with ActionFlags, flag cleared",
                        stored().uninitialized(),
                        StateRequest.get(),
                        data(OLD, TIMEOUT, true),
                        PUT,
                        stored().slid()),
                row(
                        "ActionFlags: Get answered 423 on an uninitialized entry still carries ActionFlags and clears the flag",
                        stored().uninitialized().lockedBy(HELD, LOCKED_AT),
                        StateRequest.get(),
                        locked(HELD, LOCKED_AT, 2, true),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "ActionFlags: GetExclusive on an uninitialized entry -> 200 LockCookie 2 with ActionFlags, flag cleared",
                        stored().uninitialized(),
                        StateRequest.getExclusive(),
                        dataLocked(OLD, TIMEOUT, 2, true),
                        PUT,
                        stored().lockedBy(2, NOW).slid()),
                row(
                        "ActionFlags: GetExclusive answered 423 carries ActionFlags, clears the flag, cookie unchanged",
                        stored().uninitialized().lockedBy(HELD, LOCKED_AT),
                        StateRequest.getExclusive(),
                        locked(HELD, LOCKED_AT, 2, true),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "ActionFlags: Release with the matching cookie -> 200 with ActionFlags, unlocked, flag cleared",
                        stored().uninitialized().lockedBy(HELD, LOCKED_AT),
                        StateRequest.releaseExclusive(HELD),
                        ok(true),
                        PUT,
                        stored().cookie(HELD).slid()),
                row(
                        "ActionFlags: Release answered 423 (mismatch) carries ActionFlags and clears the flag",
                        stored().uninitialized().lockedBy(HELD, LOCKED_AT),
                        StateRequest.releaseExclusive(HELD + 1),
                        locked(HELD, LOCKED_AT, 2, true),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "ActionFlags: Release on an unlocked uninitialized entry -> 200 with ActionFlags, flag cleared",
                        stored().uninitialized(),
                        StateRequest.releaseExclusive(3),
                        ok(true),
                        PUT,
                        stored().slid()),
                row(
                        "ActionFlags: an initialized entry never gets ActionFlags (Get)",
                        stored(),
                        StateRequest.get(),
                        data(OLD, TIMEOUT, false),
                        PUT,
                        stored().slid()),
                row(
                        "ActionFlags: HEAD is not a read: no ActionFlags, flag kept",
                        stored().uninitialized(),
                        StateRequest.resetTimeout(),
                        ok(false),
                        PUT,
                        stored().uninitialized().slid()),
                row(
                        "ActionFlags: insert-only PUT on an existing uninitialized entry: no ActionFlags, flag kept",
                        stored().uninitialized(),
                        StateRequest.set(NEW, 30, true, null),
                        ok(false),
                        PUT,
                        stored().uninitialized().slid()),
                row(
                        "ActionFlags: Set answered 423 has no ActionFlags and keeps the flag",
                        stored().uninitialized().lockedBy(HELD, LOCKED_AT),
                        StateRequest.set(NEW, 30, false, null),
                        locked(HELD, LOCKED_AT, 2, false),
                        PUT,
                        stored().uninitialized().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "ActionFlags: Remove answered 423 has no ActionFlags and keeps the flag",
                        stored().uninitialized().lockedBy(HELD, LOCKED_AT),
                        StateRequest.remove(null),
                        locked(HELD, LOCKED_AT, 2, false),
                        PUT,
                        stored().uninitialized().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "ActionFlags: Remove of an uninitialized entry -> 200 without ActionFlags",
                        stored().uninitialized(),
                        StateRequest.remove(null),
                        ok(false),
                        DELETE,
                        null));
    }

    static Stream<Arguments> set() {
        return Stream.of(
                row(
                        "Set: Timeout absent -> 20 minutes (replaces the entry's 15)",
                        stored(),
                        StateRequest.set(NEW, null, false, null),
                        ok(false),
                        PUT,
                        stored().data(NEW).timeout(20).slid()),
                row(
                        "Set: Timeout 525600 is accepted",
                        stored(),
                        StateRequest.set(NEW, MAX_TIMEOUT, false, null),
                        ok(false),
                        PUT,
                        stored().data(NEW).timeout(MAX_TIMEOUT).expiresAt(NOW + 525_600L * MINUTE)),
                row(
                        "Set: ExtraFlags 1 on an existing entry -> 200, data and timeout unchanged (expiry slides by the OLD timeout)",
                        stored().cookie(5),
                        StateRequest.set(NEW, 30, true, null),
                        ok(false),
                        PUT,
                        stored().cookie(5).slid()),
                row(
                        "Set: ExtraFlags 1 with Timeout 0 on an existing entry does not make it never-expiring",
                        stored(),
                        StateRequest.set(NEW, 0, true, null),
                        ok(false),
                        PUT,
                        stored().slid()),
                row(
                        "Set: ExtraFlags 1 on a locked entry without cookie -> 200 (not 423), lock and cookie unchanged",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.set(NEW, 30, true, null),
                        ok(false),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Set: ExtraFlags 1 on a locked entry WITH the cookie -> 200 and still locked (nothing changes)",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.set(NEW, 30, true, HELD),
                        ok(false),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Set: existing and locked, LockCookie absent -> 423 with held cookie; data unchanged",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.set(NEW, 30, false, null),
                        locked(HELD, LOCKED_AT, 2, false),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Set: existing and locked, LockCookie different -> 423; data unchanged",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.set(NEW, 30, false, HELD + 1),
                        locked(HELD, LOCKED_AT, 2, false),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Set: existing and locked, LockCookie matches -> replace data and timeout, unlock; counter stays",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.set(NEW, 30, false, HELD),
                        ok(false),
                        PUT,
                        stored().data(NEW).timeout(30).cookie(HELD).slid()),
                row(
                        "Set: existing and unlocked, any LockCookie -> replace; counter stays",
                        stored().cookie(5),
                        StateRequest.set(NEW, 30, false, 99),
                        ok(false),
                        PUT,
                        stored().data(NEW).timeout(30).cookie(5).slid()),
                row(
                        "Set: replacing keeps the uninitialized flag and the counter",
                        stored().cookie(9).uninitialized(),
                        StateRequest.set(NEW, 30, false, null),
                        ok(false),
                        PUT,
                        stored().data(NEW).timeout(30).cookie(9).uninitialized().slid()),
                row(
                        "Set: replacing with Timeout 0 -> never expires",
                        stored(),
                        StateRequest.set(NEW, 0, false, null),
                        ok(false),
                        PUT,
                        stored().data(NEW).timeout(0).expiresAt(StoredValue.NEVER)),
                row(
                        "Set: replacing a never-expiring entry with Timeout 10 -> expires again",
                        stored().timeout(0).expiresAt(StoredValue.NEVER),
                        StateRequest.set(NEW, 10, false, null),
                        ok(false),
                        PUT,
                        stored().data(NEW).timeout(10).slid()));
    }

    static Stream<Arguments> remove() {
        return Stream.of(
                row("Remove: missing -> 404", null, StateRequest.remove(null), NOT_FOUND, KEEP, null),
                row("Remove: missing with a cookie -> 404", null, StateRequest.remove(HELD), NOT_FOUND, KEEP, null),
                row(
                        "Remove: locked, cookie absent -> 423 with held cookie; kept (and slid)",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.remove(null),
                        locked(HELD, LOCKED_AT, 2, false),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Remove: locked, cookie different -> 423; kept",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.remove(HELD + 1),
                        locked(HELD, LOCKED_AT, 2, false),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()),
                row(
                        "Remove: locked, cookie matches -> delete, 200",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.remove(HELD),
                        ok(false),
                        DELETE,
                        null),
                row(
                        "Remove: unlocked, no cookie -> delete, 200",
                        stored(),
                        StateRequest.remove(null),
                        ok(false),
                        DELETE,
                        null),
                row(
                        "Remove: unlocked, any cookie -> delete, 200",
                        stored().cookie(5),
                        StateRequest.remove(12_345),
                        ok(false),
                        DELETE,
                        null));
    }

    static Stream<Arguments> resetTimeout() {
        return Stream.of(
                row("ResetTimeout: missing -> 404", null, StateRequest.resetTimeout(), NOT_FOUND, KEEP, null),
                row(
                        "ResetTimeout: unlocked -> 200, only expiry changes",
                        stored().cookie(5),
                        StateRequest.resetTimeout(),
                        ok(false),
                        PUT,
                        stored().cookie(5).slid()),
                row(
                        "ResetTimeout: locked -> 200 (locks ignored), lock and cookie unchanged",
                        stored().lockedBy(HELD, LOCKED_AT),
                        StateRequest.resetTimeout(),
                        ok(false),
                        PUT,
                        stored().lockedBy(HELD, LOCKED_AT).slid()));
    }

    /** Sliding expiry: every request that finds the entry pushes expiry to now + the entry's timeout. */
    static Stream<Arguments> slidingExpiry() {
        SessionEntry held = stored().lockedBy(HELD, LOCKED_AT).build();
        SessionEntry free = stored().build();
        return Stream.of(
                slides("Sliding: Get 200", free, StateRequest.get(), Shape.DATA),
                slides("Sliding: Get answered 423", held, StateRequest.get(), Shape.LOCKED),
                slides("Sliding: GetExclusive 200", free, StateRequest.getExclusive(), Shape.DATA_LOCKED),
                slides("Sliding: GetExclusive answered 423", held, StateRequest.getExclusive(), Shape.LOCKED),
                slides("Sliding: Release 200", held, StateRequest.releaseExclusive(HELD), Shape.OK),
                slides("Sliding: Release on an unlocked entry", free, StateRequest.releaseExclusive(HELD), Shape.OK),
                slides("Sliding: Release answered 423", held, StateRequest.releaseExclusive(HELD + 1), Shape.LOCKED),
                slides(
                        "Sliding: insert-only PUT on an existing entry",
                        free,
                        StateRequest.set(NEW, 30, true, null),
                        Shape.OK),
                slides(
                        "Sliding: insert-only PUT on a locked entry",
                        held,
                        StateRequest.set(NEW, 30, true, null),
                        Shape.OK),
                slides("Sliding: Set answered 423", held, StateRequest.set(NEW, 30, false, null), Shape.LOCKED),
                slides("Sliding: Remove answered 423", held, StateRequest.remove(null), Shape.LOCKED),
                slides("Sliding: HEAD", free, StateRequest.resetTimeout(), Shape.OK),
                slides("Sliding: HEAD on a locked entry", held, StateRequest.resetTimeout(), Shape.OK));
    }

    /** Timeout 0: whatever touches the entry, it stays never-expiring. */
    static Stream<Arguments> neverExpires() {
        SessionEntry forever = stored().timeout(0).expiresAt(StoredValue.NEVER).build();
        SessionEntry foreverHeld = stored().timeout(0)
                .expiresAt(StoredValue.NEVER)
                .lockedBy(HELD, LOCKED_AT)
                .build();
        return Stream.of(
                stays("Timeout 0: Get", forever, StateRequest.get()),
                stays("Timeout 0: GetExclusive", forever, StateRequest.getExclusive()),
                stays("Timeout 0: Get answered 423", foreverHeld, StateRequest.get()),
                stays("Timeout 0: Release", foreverHeld, StateRequest.releaseExclusive(HELD)),
                stays("Timeout 0: insert-only PUT", forever, StateRequest.set(NEW, 30, true, null)),
                stays("Timeout 0: Set answered 423", foreverHeld, StateRequest.set(NEW, 30, false, null)),
                stays("Timeout 0: HEAD", forever, StateRequest.resetTimeout()));
    }

    /** LockAge = whole seconds since the lock (truncated), LockDate = the lock time, as reported by a 423. */
    static Stream<Arguments> lockAge() {
        return Stream.of(
                lockAgeRow("Lock age: 0 ms -> 0 s", 0, 0),
                lockAgeRow("Lock age: 999 ms -> 0 s", 999, 0),
                lockAgeRow("Lock age: 1000 ms -> 1 s", 1_000, 1),
                lockAgeRow("Lock age: 2.9 s -> 2 s (truncated, not rounded)", 2_900, 2),
                lockAgeRow("Lock age: 110 s (the client's executionTimeout) -> 110", 110_000, 110),
                lockAgeRow("Lock age: clock stepped back before the lock -> 0, never negative", -5_000, 0));
    }

    /** Multi-request stories, each step's answer checked; the entry carried over as a store would. */
    static Stream<Arguments> sequences() {
        return Stream.of(
                arguments(
                        "GetExclusive: first acquire answers LockCookie 2, then 3, 4 ...",
                        null,
                        List.of(
                                step(StateRequest.set(OLD, 20, false, null), ok(false)),
                                step(StateRequest.getExclusive(), dataLocked(OLD, 20, 2, false)),
                                step(StateRequest.getExclusive(), locked(2, NOW, 0, false)),
                                step(StateRequest.releaseExclusive(2), ok(false)),
                                step(StateRequest.getExclusive(), dataLocked(OLD, 20, 3, false)),
                                step(StateRequest.set(NEW, 20, false, 3), ok(false)),
                                step(StateRequest.getExclusive(), dataLocked(NEW, 20, 4, false)))),
                arguments(
                        "Cookie wrap: 2147483645 -> 2147483646 -> 2 -> 3",
                        stored().cookie(MAX_COOKIE - 1).build(),
                        List.of(
                                step(StateRequest.getExclusive(), dataLocked(OLD, TIMEOUT, MAX_COOKIE, false)),
                                step(StateRequest.releaseExclusive(MAX_COOKIE), ok(false)),
                                step(StateRequest.getExclusive(), dataLocked(OLD, TIMEOUT, 2, false)),
                                step(StateRequest.releaseExclusive(2), ok(false)),
                                step(StateRequest.getExclusive(), dataLocked(OLD, TIMEOUT, 3, false)))),
                arguments(
                        "The real client's new-session flow (spec 'How the real client drives it')",
                        null,
                        List.of(
                                step(StateRequest.getExclusive(), NOT_FOUND),
                                step(StateRequest.set(OLD, 20, true, 0), ok(false)),
                                step(StateRequest.getExclusive(), dataLocked(OLD, 20, 2, true)),
                                step(StateRequest.set(NEW, 20, false, 2), ok(false)),
                                step(StateRequest.getExclusive(), dataLocked(NEW, 20, 3, false)),
                                step(StateRequest.releaseExclusive(3), ok(false)))),
                arguments(
                        "ActionFlags: sent exactly once, on the first read, never again",
                        null,
                        List.of(
                                step(StateRequest.set(OLD, 20, true, null), ok(false)),
                                step(StateRequest.resetTimeout(), ok(false)),
                                step(StateRequest.set(NEW, 20, true, null), ok(false)),
                                step(StateRequest.get(), data(OLD, 20, true)),
                                step(StateRequest.get(), data(OLD, 20, false)),
                                step(StateRequest.getExclusive(), dataLocked(OLD, 20, 2, false)),
                                step(StateRequest.releaseExclusive(2), ok(false)),
                                step(StateRequest.releaseExclusive(2), ok(false)))),
                arguments(
                        "ActionFlags: a 423 that carried it is the only one; later 423s and the release do not",
                        stored().uninitialized().lockedBy(HELD, LOCKED_AT).build(),
                        List.of(
                                step(StateRequest.getExclusive(), locked(HELD, LOCKED_AT, 2, true)),
                                step(StateRequest.get(), locked(HELD, LOCKED_AT, 2, false)),
                                step(StateRequest.releaseExclusive(HELD + 1), locked(HELD, LOCKED_AT, 2, false)),
                                step(StateRequest.releaseExclusive(HELD), ok(false)),
                                step(StateRequest.get(), data(OLD, TIMEOUT, false)))),
                arguments(
                        "ActionFlags: a Set between insert and first read keeps it pending",
                        null,
                        List.of(
                                step(StateRequest.set(OLD, 20, true, null), ok(false)),
                                step(StateRequest.set(NEW, 30, false, null), ok(false)),
                                step(StateRequest.get(), data(NEW, 30, true)),
                                step(StateRequest.get(), data(NEW, 30, false)))),
                arguments(
                        "Remove then re-create: the new entry's counter starts again at 1 (first acquire -> 2)",
                        stored().cookie(40).build(),
                        List.of(
                                step(StateRequest.remove(null), ok(false)),
                                step(StateRequest.get(), NOT_FOUND),
                                step(StateRequest.set(NEW, 20, false, null), ok(false)),
                                step(StateRequest.getExclusive(), dataLocked(NEW, 20, 2, false)))),
                arguments(
                        "Lock age grows while the lock is held; LockDate stays the acquire time",
                        null,
                        List.of(
                                step(StateRequest.set(OLD, 20, false, null), ok(false)),
                                step(StateRequest.getExclusive(), dataLocked(OLD, 20, 2, false)),
                                step(1_500, StateRequest.get(), locked(2, NOW, 1, false)),
                                step(108_600, StateRequest.getExclusive(), locked(2, NOW, 110, false)),
                                step(0, StateRequest.releaseExclusive(2), ok(false)))));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The tests: one per table, each row checked completely
    // ---------------------------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void newEntry(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void get(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void getExclusive(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void cookieWrap(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void releaseExclusive(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void actionFlags(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void set(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void remove(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void resetTimeout(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void lockAge(String rule, Row row) {
        check(row);
    }

    @ParameterizedTest(name = "{0} -> {3}")
    @MethodSource
    void slidingExpiry(String rule, SessionEntry before, StateRequest request, Shape answered) {
        Outcome<SessionEntry, StateResult> outcome = request.apply(before, NOW);

        assertThat(outcome.result().shape()).as("answer").isEqualTo(answered);
        assertThat(outcome.change()).as("change").isEqualTo(PUT);
        assertThat(outcome.value().expiresAtMillis())
                .as("expiresAt = now + %d min", TIMEOUT)
                .isEqualTo(NOW + TIMEOUT * MINUTE);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void neverExpires(String rule, SessionEntry before, StateRequest request) {
        Outcome<SessionEntry, StateResult> outcome = request.apply(before, NOW);

        assertThat(outcome.change()).as("change").isEqualTo(PUT);
        assertThat(outcome.value().timeoutMinutes()).as("timeout").isZero();
        assertThat(outcome.value().expiresAtMillis()).as("expiresAt").isEqualTo(StoredValue.NEVER);
        assertThat(outcome.value().isExpiredAt(Long.MAX_VALUE - 1))
                .as("expired a moment before the end of time")
                .isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void sequences(String rule, SessionEntry start, List<Step> steps) {
        ManualClock clock = new ManualClock(NOW);
        SessionEntry entry = start;
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            clock.advance(Duration.ofMillis(step.advanceMillis()));
            // StateRequest is itself the store's Mutation: go through that entry point here.
            Outcome<SessionEntry, StateResult> outcome = step.request().apply(entry, clock.millis());
            assertThat(outcome.result())
                    .as("step %d: %s", i + 1, step.request())
                    .usingRecursiveComparison()
                    .isEqualTo(step.expected());
            entry = switch (outcome.change()) {
                case PUT -> outcome.value();
                case DELETE -> null;
                case KEEP -> entry;
            };
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Row plumbing
    // ---------------------------------------------------------------------------------------------------------------

    /** One rule: the entry found (null = missing), the request and its time, and the full expected outcome. */
    record Row(
            SessionEntry before,
            StateRequest request,
            long now,
            StateResult answer,
            Change change,
            SessionEntry after) {
        @Override
        public String toString() {
            return request + " on " + before;
        }
    }

    record Step(long advanceMillis, StateRequest request, StateResult expected) {}

    private static Arguments row(
            String rule, E before, StateRequest request, StateResult answer, Change change, E after) {
        return arguments(
                rule,
                new Row(
                        before == null ? null : before.build(),
                        request,
                        NOW,
                        answer,
                        change,
                        after == null ? null : after.build()));
    }

    private static Arguments slides(String rule, SessionEntry before, StateRequest request, Shape answered) {
        return arguments(rule, before, request, answered);
    }

    private static Arguments stays(String rule, SessionEntry before, StateRequest request) {
        return arguments(rule, before, request);
    }

    private static Arguments lockAgeRow(String rule, long heldMillis, long ageSeconds) {
        long lockedAt = T0;
        E held = stored().lockedBy(HELD, lockedAt);
        long now = lockedAt + heldMillis;
        return arguments(
                rule,
                new Row(
                        held.build(),
                        StateRequest.get(),
                        now,
                        locked(HELD, lockedAt, ageSeconds, false),
                        PUT,
                        stored().lockedBy(HELD, lockedAt)
                                .expiresAt(now + TIMEOUT * MINUTE)
                                .build()));
    }

    private static Step step(StateRequest request, StateResult expected) {
        return new Step(0, request, expected);
    }

    private static Step step(long advanceMillis, StateRequest request, StateResult expected) {
        return new Step(advanceMillis, request, expected);
    }

    private static void check(Row row) {
        SessionEntry before = row.before();
        byte[] dataBefore = before == null ? null : before.data().clone();

        Outcome<SessionEntry, StateResult> outcome = row.request().apply(before, row.now());

        assertThat(outcome.change()).as("change").isEqualTo(row.change());
        assertThat(outcome.result()).as("answer").usingRecursiveComparison().isEqualTo(row.answer());
        assertThat(outcome.result().shape().status())
                .as("status")
                .isEqualTo(row.answer().shape().status());
        if (row.change() == PUT) {
            assertEntry(outcome.value(), row.after());
        } else {
            assertThat(outcome.value()).as("value of a %s", row.change()).isNull();
        }
        // The function is pure: the entry it was given (which a store may still hold) is untouched.
        if (before != null) {
            assertThat(before.data()).as("input data").containsExactly(dataBefore);
        }
    }

    private static void assertEntry(SessionEntry actual, SessionEntry expected) {
        if (expected.locked()) {
            assertThat(actual).as("entry").usingRecursiveComparison().isEqualTo(expected);
        } else {
            // The lock time of an unlocked entry is never reported (only a 423 shows it, and the next acquire
            // overwrites it), so it is not part of any rule.
            assertThat(actual)
                    .as("entry")
                    .usingRecursiveComparison()
                    .ignoringFields("lockedAtMillis")
                    .isEqualTo(expected);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Expected answers, written out field by field (not through StateResult's own factories)
    // ---------------------------------------------------------------------------------------------------------------

    private static final StateResult NOT_FOUND = new StateResult(Shape.NOT_FOUND, null, 0, 0, 0, 0, false);

    private static StateResult ok(boolean actionFlags) {
        return new StateResult(Shape.OK, null, 0, 0, 0, 0, actionFlags);
    }

    private static StateResult data(byte[] data, int timeout, boolean actionFlags) {
        return new StateResult(Shape.DATA, data, timeout, 0, 0, 0, actionFlags);
    }

    private static StateResult dataLocked(byte[] data, int timeout, int cookie, boolean actionFlags) {
        return new StateResult(Shape.DATA_LOCKED, data, timeout, cookie, 0, 0, actionFlags);
    }

    private static StateResult locked(int cookie, long lockedAt, long ageSeconds, boolean actionFlags) {
        return new StateResult(Shape.LOCKED, null, 0, cookie, lockedAt, ageSeconds, actionFlags);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Entries
    // ---------------------------------------------------------------------------------------------------------------

    /** The entry a request finds: OLD data, 15 min, last touched at T0, unlocked, counter 1, initialized. */
    private static E stored() {
        return new E(OLD, TIMEOUT, T0 + TIMEOUT * MINUTE);
    }

    /** What a PUT on a missing key must create at NOW before its expiry is set: NEW data, 20 min, counter 1. */
    private static E fresh() {
        return new E(NEW, 20, 0);
    }

    /** A readable builder for {@link SessionEntry}: each row names only what differs from the base entry. */
    private static final class E {
        private byte[] data;
        private int timeout;
        private long expiresAt;
        private boolean locked;
        private long lockedAt;
        private int cookie = 1;
        private boolean uninitialized;

        E(byte[] data, int timeout, long expiresAt) {
            this.data = data;
            this.timeout = timeout;
            this.expiresAt = expiresAt;
        }

        E data(byte[] value) {
            data = value;
            return this;
        }

        E timeout(int minutes) {
            timeout = minutes;
            return this;
        }

        E expiresAt(long millis) {
            expiresAt = millis;
            return this;
        }

        /** Expiry pushed to NOW + this entry's timeout, as a request at NOW that finds it must do. */
        E slid() {
            expiresAt = NOW + timeout * MINUTE;
            return this;
        }

        E cookie(int value) {
            cookie = value;
            return this;
        }

        E lockedBy(int lockCookie, long at) {
            locked = true;
            lockedAt = at;
            cookie = lockCookie;
            return this;
        }

        /** Was locked at that time and released since. */
        E releasedLock(long at) {
            locked = false;
            lockedAt = at;
            return this;
        }

        E uninitialized() {
            uninitialized = true;
            return this;
        }

        SessionEntry build() {
            return new SessionEntry(data, timeout, expiresAt, locked, lockedAt, cookie, uninitialized);
        }
    }
}
