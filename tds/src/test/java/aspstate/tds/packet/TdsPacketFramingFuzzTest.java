package aspstate.tds.packet;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.transport.InboundBudget;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.util.Arrays;

/**
 * Packet framing fed any bytes, split where the first byte says: messages come out or the stream is refused as a
 * broken frame, and the inbound budget is whole again once the connection is gone (docs/fuzzing.md).
 */
class TdsPacketFramingFuzzTest {
    private static final int MAX_MESSAGE = 64 << 10;

    @FuzzTest(maxDuration = "4s")
    void anyBytes(byte[] input) {
        InboundBudget budget = InboundBudget.unshared(2 * MAX_MESSAGE);
        EmbeddedChannel channel = new EmbeddedChannel(new TdsPacketDecoder(MAX_MESSAGE, 200, budget));
        int split = input.length == 0 ? 0 : Byte.toUnsignedInt(input[0]) % input.length;
        try {
            channel.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(input, 0, split)));
            channel.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(input, split, input.length)));
        } catch (CorruptedFrameException | TooLongFrameException refused) {
            // the client's fault: the connection closes
        } finally {
            channel.finishAndReleaseAll();
        }
        assertThat(budget.heldBytes())
                .as("budget held after the connection closed")
                .isZero();
    }
}
