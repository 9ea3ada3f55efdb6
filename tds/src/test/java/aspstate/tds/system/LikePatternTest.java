package aspstate.tds.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LikePatternTest {
    @ParameterizedTest
    @CsvSource({
        "TempGetAppID, TempGetAppID, true",
        "tempgetappid, TempGetAppID, true",
        "%, TempGetAppID, true",
        "%, '', true",
        "Temp%, TempGetAppID, true",
        "%AppID, TempGetAppID, true",
        "Temp%Exclusive%, TempGetStateItemExclusive3, true",
        "Temp%Exclusive, TempGetStateItemExclusive3, false",
        "TempGetStateItem_, TempGetStateItem3, true",
        "TempGetStateItem_, TempGetStateItem, false",
        "proc[_]AddItem, proc_AddItem, true",
        "proc[_]AddItem, procXAddItem, false",
        "TempGetStateItem[23], TempGetStateItem2, true",
        "TempGetStateItem[0-9], TempGetStateItem3, true",
        "TempGetStateItem[^3], TempGetStateItem3, false",
        "TempGetStateItem[^3], TempGetStateItem2, true",
        "[abc, [abc, true",
        "Temp, TempGetAppID, false",
        "%a%b, aXaXb, true",
        "%a%b, aXaXc, false",
        "a%%b, ab, true",
        "_%_, ab, true",
        "_%_, a, false",
        "[]x, [x, false",
        "[]x, []x, true",
    })
    void matchesAsTransactSqlLike(String pattern, String text, boolean matches) {
        assertThat(LikePattern.matches(pattern, text)).isEqualTo(matches);
    }

    /**
     * Matching that tries every split at every '%' is exponential in the number of '%': this pattern against 100
     * characters would not finish in minutes. A client chooses both (sys.sp_sproc_columns).
     */
    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void manyPercentSignsThatCannotMatchFailFast() {
        assertThat(LikePattern.matches("%a".repeat(30) + "%b", "a".repeat(100))).isFalse();
        assertThat(LikePattern.matches("%a".repeat(30) + "%b", "a".repeat(100) + "b"))
                .isTrue();
    }
}
