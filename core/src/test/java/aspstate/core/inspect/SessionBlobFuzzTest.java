package aspstate.core.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Any bytes, as a hostile or corrupt session would hold them, are answered with a DecodedSession and never an
 * exception, within the inspector's limits (docs/fuzzing.md). The unit tests replay the committed inputs in
 * {@code SessionBlobFuzzTestInputs}: sessions as ASP.NET writes them, plain and compressed.
 */
class SessionBlobFuzzTest {
    /** Far below the real limit, so that an input the fuzzer grows into a zip bomb costs milliseconds, not seconds. */
    private static final int MAX_INFLATED_BYTES = 1024 * 1024;

    @FuzzTest(maxDuration = "4s")
    void anyBytesDecodeWithoutThrowing(byte[] input) {
        DecodedSession session = SessionBlob.decode(input, MAX_INFLATED_BYTES);

        assertThat(session.items()).hasSizeLessThanOrEqualTo(SessionBlob.MAX_ITEMS_SHOWN);
        for (SessionItem item : session.items()) {
            assertThat(item.sizeBytes()).isPositive();
            if (item.value() != null) {
                assertThat(item.value().length())
                        .isLessThanOrEqualTo(SessionBlob.PREVIEW_CHARS + SessionBlob.CUT_MARKER.length());
            }
        }
    }
}
