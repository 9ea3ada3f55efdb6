package aspstate.core.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Any bytes as an ASP.NET Core cache entry's value are answered with a DecodedSession and never an exception, within
 * the inspector's limits (docs/fuzzing.md). The committed inputs are sessions as DistributedSession writes them.
 */
class CoreSessionBlobFuzzTest {
    @FuzzTest(maxDuration = "4s")
    void anyBytesDecodeWithoutThrowing(byte[] input) {
        DecodedSession session = CoreSessionBlob.decode(input);

        assertThat(session.items()).hasSizeLessThanOrEqualTo(SessionBlob.MAX_ITEMS_SHOWN);
        for (SessionItem item : session.items()) {
            assertThat(item.value().length())
                    .isLessThanOrEqualTo(SessionBlob.PREVIEW_CHARS + SessionBlob.CUT_MARKER.length());
        }
    }
}
