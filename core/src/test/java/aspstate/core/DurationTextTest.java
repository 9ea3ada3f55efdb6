package aspstate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationTextTest {

    @ParameterizedTest(name = "{0} = {1} ms")
    @CsvSource({
        "0,        0",
        "30,       30000",
        "30s,      30000",
        "500ms,    500",
        "2m,       120000",
        "1h,       3600000",
        "1d,       86400000",
        "' 45 s ', 45000",
        "10MS,     10",
        "0s,       0",
    })
    void parsesNumbersWithUnitsAndPlainSeconds(String text, long millis) {
        assertThat(DurationText.parse(text)).isEqualTo(Duration.ofMillis(millis));
    }

    @ParameterizedTest(name = "{0} ms is {1}")
    @CsvSource({
        "0,        0ms",
        "500,      500ms",
        "1500,     1500ms",
        "30000,    30s",
        "120000,   2m",
        "5400000,  90m",
        "3600000,  1h",
        "86400000, 1d",
    })
    void formatsInTheLargestExactUnitSoTheTextParsesBack(long millis, String text) {
        assertThat(DurationText.format(Duration.ofMillis(millis))).isEqualTo(text);
        assertThat(DurationText.parse(text)).isEqualTo(Duration.ofMillis(millis));
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"", "s", "abc", "1.5s", "5x", "1 minute", "PT30S", "30 s s"})
    void rejectsWhatIsNotADurationWithExamples(String text) {
        assertThatThrownBy(() -> DurationText.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a duration")
                .hasMessageContaining("examples: 500ms, 30s, 2m, 1h");
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"-1", "-5s"})
    void rejectsNegativeDurations(String text) {
        assertThatThrownBy(() -> DurationText.parse(text)).hasMessageContaining("must not be negative");
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"99999999999999999999", "9223372036854775807h"})
    void rejectsDurationsTooLargeToHold(String text) {
        assertThatThrownBy(() -> DurationText.parse(text)).hasMessageContaining("too large");
    }
}
