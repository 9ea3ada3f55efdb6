package aspstate.sessionformat;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Any bytes, as a hostile or corrupt session would hold them, either read as a session or are refused with a
 * SessionFormatException, never another exception (docs/fuzzing.md); and a session that reads is written back to
 * bytes that read as the same items. The unit tests replay the committed inputs in
 * {@code SessionStateDataFuzzTestInputs}: sessions as ASP.NET writes them, plain and compressed.
 */
class SessionStateDataFuzzTest {

    @FuzzTest(maxDuration = "4s")
    void anyBytesReadOrAreRefused(byte[] input) {
        SessionStateData session;
        try {
            session = SessionStateData.read(input);
        } catch (SessionFormatException refused) {
            assertThat(refused.getMessage()).isNotEmpty();
            return;
        }
        SessionStateData again = SessionStateData.read(session.toBytes(false));
        assertThat(again.timeoutMinutes()).isEqualTo(session.timeoutMinutes());
        assertThat(again.items().names()).isEqualTo(session.items().names());
        for (String name : session.items().names()) {
            assertThat(again.items().typeOf(name)).isEqualTo(session.items().typeOf(name));
        }
    }
}
