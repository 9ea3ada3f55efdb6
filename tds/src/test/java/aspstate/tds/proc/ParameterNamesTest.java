package aspstate.tds.proc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ParameterNamesTest {
    @Test
    void aNameIsFoundInAnyCase() {
        List<String> names = List.of("@id", "@lockCookie");
        assertThat(ParameterNames.find(names, Function.identity(), "@LOCKCOOKIE"))
                .contains("@lockCookie");
        assertThat(ParameterNames.find(names, Function.identity(), new String("@id")))
                .contains("@id");
        assertThat(ParameterNames.find(names, Function.identity(), "@lockCookies"))
                .isEmpty();
    }

    /** No procedure declares such a pair; should one, the name spelled exactly as asked wins, wherever it stands. */
    @Test
    void anExactSpellingWinsOverAnEarlierOneInAnotherCase() {
        List<String> names = List.of("@a", "@A");
        assertThat(ParameterNames.find(names, Function.identity(), "@A")).containsSame(names.get(1));
        assertThat(ParameterNames.find(names, Function.identity(), "@a")).containsSame(names.get(0));
    }

    @Test
    void theFirstOfSeveralNamesInAnotherCaseWins() {
        List<String> names = List.of("@aB", "@Ab");
        assertThat(ParameterNames.indexOf(names, Function.identity(), "@ab")).isZero();
        assertThat(ParameterNames.find(names, Function.identity(), "@ab")).containsSame(names.get(0));
        assertThat(ParameterNames.indexOf(names, Function.identity(), "@x")).isEqualTo(-1);
    }
}
