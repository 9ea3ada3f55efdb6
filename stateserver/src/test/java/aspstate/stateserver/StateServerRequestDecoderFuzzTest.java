package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.transport.InboundBudget;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.Arrays;

/**
 * Whatever bytes a client sends, split wherever TCP splits them, the decoder answers with requests (well-formed,
 * bad values or malformed) and never fails otherwise; and the inbound budget is whole again once the connection
 * is gone, so that no input can leak it. Run by {@code mvn verify} for a few seconds (docs/fuzzing.md); the unit
 * tests replay the committed inputs in {@code StateServerRequestDecoderFuzzTestInputs}.
 */
class StateServerRequestDecoderFuzzTest {
    private static final int MAX_BODY = 4096;

    @FuzzTest(maxDuration = "5s")
    void anyBytesDecodeIntoRequestsOrOneMalformed(byte[] input) {
        InboundBudget budget = InboundBudget.unshared(2 * MAX_BODY);
        EmbeddedChannel channel = new EmbeddedChannel(new StateServerRequestDecoder(MAX_BODY, budget));
        int split = input.length == 0 ? 0 : Byte.toUnsignedInt(input[0]) % input.length;
        channel.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(input, 0, split)));
        channel.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(input, split, input.length)));
        boolean malformedSeen = false;
        for (Object decoded; (decoded = channel.readInbound()) != null; ) {
            assertThat(decoded).isInstanceOf(DecodedRequest.class);
            assertThat(malformedSeen).as("nothing after a malformed request").isFalse();
            malformedSeen = ((DecodedRequest) decoded).isMalformed();
        }
        channel.finishAndReleaseAll();
        assertThat(budget.heldBytes())
                .as("budget held after the connection closed")
                .isZero();
    }
}
