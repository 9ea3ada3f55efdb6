package aspstate.tds.system;

import static org.assertj.core.api.Assertions.assertThat;

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
    })
    void matchesAsTransactSqlLike(String pattern, String text, boolean matches) {
        assertThat(LikePattern.matches(pattern, text)).isEqualTo(matches);
    }
}
