package aspstate.tds.request;

import aspstate.tds.ClientsFault;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.Unpooled;

/** SQL batches fed any bytes: read and parsed, or refused as a protocol, syntax or SQL error (docs/fuzzing.md). */
class SqlBatchRequestFuzzTest {
    @FuzzTest(maxDuration = "4s")
    void anyBytes(byte[] input) {
        if (input.length > 0) {
            // The first byte says whether the client is TDS 7.2+ (ALL_HEADERS first); the rest is the payload.
            SqlBatchRequest[] batch = new SqlBatchRequest[1];
            ClientsFault.readOrRefuse(() -> batch[0] =
                    SqlBatchRequest.parse(Unpooled.wrappedBuffer(input, 1, input.length - 1), (input[0] & 1) == 0));
            if (batch[0] != null) {
                ClientsFault.parseOrRefuse(batch[0].text());
            }
        }
    }
}
