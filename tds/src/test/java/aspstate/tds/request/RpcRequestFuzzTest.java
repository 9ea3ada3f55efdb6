package aspstate.tds.request;

import aspstate.tds.ClientsFault;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.Unpooled;

/** RPC requests, and through them every type codec, fed any bytes: read, or refused as a protocol error (docs/fuzzing.md). */
class RpcRequestFuzzTest {
    @FuzzTest(maxDuration = "4s")
    void anyBytes(byte[] input) {
        if (input.length > 0) {
            // The first byte says whether the client is TDS 7.2+ (ALL_HEADERS first); the rest is the payload.
            ClientsFault.readOrRefuse(
                    () -> RpcRequest.parseAll(Unpooled.wrappedBuffer(input, 1, input.length - 1), (input[0] & 1) == 0));
        }
    }
}
