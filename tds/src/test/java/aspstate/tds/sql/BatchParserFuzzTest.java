package aspstate.tds.sql;

import aspstate.tds.ClientsFault;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/** The T-SQL lexer and parser fed any text (as UTF-8, so that the committed inputs read as what they are): parsed, or refused as a syntax or SQL error (docs/fuzzing.md). */
class BatchParserFuzzTest {
    @FuzzTest(maxDuration = "4s")
    void anyText(byte[] input) {
        ClientsFault.parseOrRefuse(new String(input, StandardCharsets.UTF_8));
    }
}
