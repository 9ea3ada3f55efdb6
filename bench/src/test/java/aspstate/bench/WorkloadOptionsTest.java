package aspstate.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WorkloadOptionsTest {

    @Test
    void mixFollowsItsWeights() {
        PageMix mix = PageMix.parse("rw=90,ro=10");
        Map<PageKind, Integer> counts = new EnumMap<>(PageKind.class);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 100_000; i++) {
            counts.merge(mix.next(random), 1, Integer::sum);
        }
        assertThat(counts.keySet()).containsExactlyInAnyOrder(PageKind.READ_WRITE, PageKind.READ_ONLY);
        assertThat(counts.get(PageKind.READ_ONLY)).isBetween(9_000, 11_000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "rw", "rw=x", "rw=-1", "rw=0", "fly=10"})
    void badMixesAreRefusedWithAReason(String text) {
        assertThatThrownBy(() -> PageMix.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageFindingMatch("mix|weight|page kind");
    }

    @Test
    void onlyNewVisitorsNeedNoPreloadedSessions() {
        assertThat(PageMix.parse("new=1").usesPreloadedSessions()).isFalse();
        assertThat(PageMix.parse("new=1,none=1").usesPreloadedSessions()).isTrue();
    }

    @Test
    void payloadsAreFixedOrWithinTheirRange() {
        SplittableRandom random = new SplittableRandom(3);
        assertThat(PayloadSizes.parse("1024", 1).next(random)).hasSize(1024);
        PayloadSizes range = PayloadSizes.parse("uniform:10-20", 1);
        for (int i = 0; i < 100; i++) {
            assertThat(range.next(random).length).isBetween(10, 20);
        }
        assertThatThrownBy(() -> PayloadSizes.parse("0", 1)).hasMessageContaining("1..");
        assertThatThrownBy(() -> PayloadSizes.parse("uniform:20-10", 1)).hasMessageContaining("max below min");
        assertThatThrownBy(() -> PayloadSizes.parse("big", 1)).hasMessageContaining("size in bytes");
    }

    @Test
    void sessionIdsAreDistinctAndShapedLikeAspNets() {
        Set<String> ids = new HashSet<>();
        for (long i = 0; i < 10_000; i++) {
            ids.add(SessionIds.preloaded(i));
            ids.add(SessionIds.fresh(i));
        }
        assertThat(ids).hasSize(20_000);
        assertThat(SessionIds.preloaded(5)).startsWith("/LM/W3SVC/1/ROOT/").matches(".*/[a-z0-5]{24}");
    }

    @Test
    void workloadLimitsAreChecked() {
        PageMix mix = PageMix.parse("rw=1");
        PayloadSizes payload = PayloadSizes.parse("10", 1);
        assertThatThrownBy(
                        () -> new Workload(mix, 10, payload, 0, 1, Duration.ZERO, Duration.ofSeconds(1), 0, 0, 1, true))
                .hasMessageContaining("--connections");
        assertThatThrownBy(
                        () -> new Workload(mix, 10, payload, 1, 1, Duration.ZERO, Duration.ofHours(25), 0, 0, 1, true))
                .hasMessageContaining("may not exceed");
        assertThatThrownBy(
                        () -> new Workload(mix, 0, payload, 1, 1, Duration.ZERO, Duration.ofSeconds(1), 0, 0, 1, true))
                .hasMessageContaining("--sessions");
        assertThatThrownBy(() -> new Workload(
                        mix,
                        10,
                        payload,
                        1,
                        1,
                        Duration.ZERO,
                        Duration.ofSeconds(1),
                        0,
                        0,
                        1,
                        true,
                        1,
                        Duration.ofSeconds(1),
                        true,
                        10))
                .hasMessageContaining("--open-loop needs --rate");
        assertThatThrownBy(() -> new Workload(
                        mix,
                        10,
                        payload,
                        1,
                        1,
                        Duration.ZERO,
                        Duration.ofSeconds(1),
                        0,
                        100,
                        1,
                        true,
                        1,
                        Duration.ofSeconds(1),
                        true,
                        0))
                .hasMessageContaining("--max-in-flight must be 1..");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "stateserver://10.0.0.5:42424",
                "redis://192.168.1.2:6379",
                "stateserver://8.8.8.8",
                "tds://10.0.0.5:1433",
                "tds-core-cache://10.0.0.5:1433"
            })
    void onlyLoopbackTargetsAreAccepted(String target) {
        assertThatThrownBy(() -> Targets.open(target)).hasMessageContaining("loopback");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:80", "127.0.0.1:42424", "stateserver://"})
    void malformedTargetsAreRefused(String target) {
        assertThatThrownBy(() -> Targets.open(target)).isInstanceOf(IllegalArgumentException.class);
    }
}
