package aspstate.tds.system;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;

/**
 * LIKE matching with a pattern and a name both chosen by the client (sys.sp_sproc_columns): it answers, for any
 * pair, within Jazzer's time limit per input, which catches exponential matching (docs/fuzzing.md).
 */
class LikePatternFuzzTest {
    @FuzzTest(maxDuration = "4s")
    void anyPatternAndName(@NotNull String pattern, @NotNull String name) {
        LikePattern.matches(pattern, name);
    }
}
