package aspstate.tds.login;

import aspstate.tds.ClientsFault;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.Unpooled;

/** PRELOGIN fed any bytes: read, or refused as a protocol error (docs/fuzzing.md). */
class PreloginRequestFuzzTest {
    @FuzzTest(maxDuration = "4s")
    void anyBytes(byte[] input) {
        ClientsFault.readOrRefuse(() -> PreloginRequest.parse(Unpooled.wrappedBuffer(input)));
    }
}
