package aspstate.tds.login;

import aspstate.tds.ClientsFault;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.Unpooled;

/** LOGIN7 fed any bytes: read, or refused as a protocol error (docs/fuzzing.md). */
class LoginRequestFuzzTest {
    @FuzzTest(maxDuration = "4s")
    void anyBytes(byte[] input) {
        ClientsFault.readOrRefuse(() -> LoginRequest.parse(Unpooled.wrappedBuffer(input)));
    }
}
