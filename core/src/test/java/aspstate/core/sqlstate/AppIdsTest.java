package aspstate.core.sqlstate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import aspstate.core.ManualClock;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.core.store.Outcome;
import java.time.Duration;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** TempGetAppID: the shipped hash, name normalization, and the mapping kept in a real store. */
class AppIdsTest {

    private static final long START = 1_700_000_000_000L;
    private static final long HOUR = 3_600_000L;
    /** Two names with the same djb2-xor hash, 1613796715 (found by brute force). */
    private static final String FIRST_OF_PAIR = "/lm/w3svc/1/root/aac6";

    private static final String SECOND_OF_PAIR = "/lm/w3svc/1/root/aaep";
    private static final int PAIR_ID = 1_613_796_715;

    private final ManualClock clock = new ManualClock(START);
    private final MemorySessionStore<AppRegistration> store =
            new MemorySessionStore<>(clock, new MemoryStoreSettings(0, HOUR, 1_000));
    private final AppIds appIds = new AppIds(store);

    @AfterEach
    void close() {
        store.close();
    }

    static Stream<Arguments> hashVectors() {
        return Stream.of(
                arguments(
                        "Spec vector: the seed's example app (suffix cd0903f9)",
                        "/lm/w3svc/1/root/sessionstateserialization",
                        -855_047_175),
                arguments("Spec vector: the default web site's root", "/lm/w3svc/1/root", 538_231_025),
                arguments("Empty name -> the seed 5381", "", 5381),
                arguments(
                        "A byte >= 0x80 counts unsigned, in windows-1252 (e9), not UTF-8 (c3 a9)",
                        "/lm/w3svc/1/root/café",
                        1_613_863_955),
                arguments("Collision pair, first", FIRST_OF_PAIR, PAIR_ID),
                arguments("Collision pair, second", SECOND_OF_PAIR, PAIR_ID));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void hashVectors(String rule, String normalizedName, int expected) {
        assertThat(AppIds.hash(normalizedName)).isEqualTo(expected);
    }

    static Stream<Arguments> normalization() {
        return Stream.of(
                arguments(
                        "Lower-cased",
                        "/LM/W3SVC/1/ROOT/SessionStateSerialization",
                        "/lm/w3svc/1/root/sessionstateserialization"),
                arguments("Non-ASCII letters lower-cased too, as LOWER() does", "/LM/CAFÉ", "/lm/café"),
                arguments(
                        "Trailing spaces dropped: char(280) comparison ignores them",
                        "/LM/W3SVC/1/ROOT  ",
                        "/lm/w3svc/1/root"),
                arguments("Leading and inner spaces kept", " /lm/my app", " /lm/my app"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void normalization(String rule, String appName, String expected) {
        assertThat(AppIds.normalize(appName)).isEqualTo(expected);
    }

    @Test
    void lowerCasingIgnoresTheServerLocale() {
        Locale saved = Locale.getDefault();
        Locale.setDefault(Locale.forLanguageTag("tr-TR")); // where "I".toLowerCase() is a dotless i
        try {
            assertThat(AppIds.normalize("/LM/W3SVC/1/ROOT/MIGRATION")).isEqualTo("/lm/w3svc/1/root/migration");
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void firstCallAssignsTheHashOfTheLowerCasedName() {
        assertThat(getAppId("/LM/W3SVC/1/ROOT/SessionStateSerialization"))
                .isEqualTo(new AppIdResult(-855_047_175, "/lm/w3svc/1/root/sessionstateserialization", null));
    }

    @Test
    void theMappingIsStoredUnderBothReservedKeys() {
        getAppId("/LM/W3SVC/1/ROOT");

        AppRegistration expected = new AppRegistration("/lm/w3svc/1/root", 538_231_025);
        assertThat(stored("appname:/lm/w3svc/1/root")).isEqualTo(expected);
        assertThat(stored("appid:538231025")).isEqualTo(expected);
        assertThat(store.statistics().active()).isEqualTo(2);
    }

    @Test
    void theStoredIdWinsOverTheHash() {
        // Written by an earlier run (or another node): the same name must keep that id even if it is not the hash.
        store.execute(
                        "appname:/lm/w3svc/1/root",
                        (current, now) -> Outcome.put(new AppRegistration("/lm/w3svc/1/root", 42), null))
                .toCompletableFuture()
                .join();

        assertThat(getAppId("/LM/W3SVC/1/Root").appId()).isEqualTo(42);
        assertThat(store.statistics().active())
                .as("entries: a known name claims no id")
                .isEqualTo(1);
    }

    @Test
    void theSameNameInAnyCaseGetsTheSameIdEveryTimeAndThroughAnotherInstance() {
        int first = getAppId("/LM/W3SVC/1/ROOT").appId();

        assertThat(getAppId("/lm/w3svc/1/root")).isEqualTo(new AppIdResult(first, "/lm/w3svc/1/root", null));
        assertThat(new AppIds(store)
                        .tempGetAppId("/Lm/W3svc/1/Root ")
                        .toCompletableFuture()
                        .join())
                .isEqualTo(new AppIdResult(first, "/lm/w3svc/1/root", null));
        assertThat(store.statistics().active()).isEqualTo(2);
    }

    /**
     * T-SQL parity: the shipped GetHashCode loops over DATALENGTH(@input) bytes, so a new name's trailing
     * spaces count in its id, while the lookup (char(280) comparison) ignores them: the first variant registered
     * decides the id of both.
     */
    @Test
    void aNewNameIsHashedWithItsTrailingSpacesAndFoundWithoutThem() {
        int withSpace = AppIds.hash("/lm/w3svc/1/root ");
        assertThat(withSpace).isNotEqualTo(538_231_025);

        assertThat(getAppId("/LM/W3SVC/1/ROOT ")).isEqualTo(new AppIdResult(withSpace, "/lm/w3svc/1/root", null));
        assertThat(getAppId("/LM/W3SVC/1/ROOT")).isEqualTo(new AppIdResult(withSpace, "/lm/w3svc/1/root", null));
    }

    @Test
    void theMappingNeverExpires() {
        getAppId("/LM/W3SVC/1/ROOT");
        clock.advance(Duration.ofDays(3_650));
        store.reapExpired(1_000);

        assertThat(stored("appname:/lm/w3svc/1/root")).isNotNull();
        assertThat(stored("appid:538231025")).isNotNull();
    }

    @Test
    void aSecondNameWithTheSameHashIsACollisionAndIsNotRecorded() {
        assertThat(getAppId(FIRST_OF_PAIR)).isEqualTo(new AppIdResult(PAIR_ID, FIRST_OF_PAIR, null));

        AppIdResult collision = getAppId(SECOND_OF_PAIR.toUpperCase(Locale.ROOT));

        assertThat(collision).isEqualTo(new AppIdResult(PAIR_ID, SECOND_OF_PAIR, FIRST_OF_PAIR));
        assertThat(collision.isCollision()).isTrue();
        assertThat(collision.collisionMessage())
                .isEqualTo("SQL session state fatal error: hash-code collision between"
                        + " applications '/lm/w3svc/1/root/aaep' and '/lm/w3svc/1/root/aac6'. Please rename the 1st"
                        + " application to resolve the problem.");
        assertThat(stored("appname:" + SECOND_OF_PAIR)).isNull();
        assertThat(stored("appid:" + PAIR_ID)).isEqualTo(new AppRegistration(FIRST_OF_PAIR, PAIR_ID));
    }

    @Test
    void aCollisionStaysACollisionAndTheOwnerKeepsItsId() {
        getAppId(FIRST_OF_PAIR);
        getAppId(SECOND_OF_PAIR);

        assertThat(getAppId(SECOND_OF_PAIR).isCollision()).isTrue();
        assertThat(getAppId(FIRST_OF_PAIR)).isEqualTo(new AppIdResult(PAIR_ID, FIRST_OF_PAIR, null));
    }

    @Test
    void aRegistrationInterruptedAfterClaimingTheIdCompletesOnTheNextCall() {
        // The id was claimed, then the node died before recording the name: the same name must not collide with itself.
        AppRegistration claimed = new AppRegistration("/lm/w3svc/1/root", 538_231_025);
        store.execute("appid:538231025", (current, now) -> Outcome.put(claimed, null))
                .toCompletableFuture()
                .join();

        assertThat(getAppId("/LM/W3SVC/1/ROOT")).isEqualTo(new AppIdResult(538_231_025, "/lm/w3svc/1/root", null));
        assertThat(stored("appname:/lm/w3svc/1/root")).isEqualTo(claimed);
    }

    private AppIdResult getAppId(String appName) {
        return appIds.tempGetAppId(appName).toCompletableFuture().join();
    }

    private AppRegistration stored(String key) {
        return store.execute(
                        key,
                        (AppRegistration current, long now) -> Outcome.<AppRegistration, AppRegistration>keep(current))
                .toCompletableFuture()
                .join();
    }
}
