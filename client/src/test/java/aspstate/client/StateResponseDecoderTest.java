package aspstate.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Responses framed from bytes as the server writes them, and lengths a hostile server could send. */
class StateResponseDecoderTest {

    private static EmbeddedChannel channelFed(String bytes) {
        return channelFed(bytes, StateResponseDecoder.DEFAULT_MAX_BODY_BYTES);
    }

    private static EmbeddedChannel channelFed(String bytes, long maxBodyBytes) {
        EmbeddedChannel channel = new EmbeddedChannel(new StateResponseDecoder(maxBodyBytes));
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.ISO_8859_1));
        return channel;
    }

    @Test
    void aLockedAnswerWithEveryHeader() {
        EmbeddedChannel channel = channelFed("423 Locked\r\nX-AspNet-Version: 4.0.30319\r\nLockDate: 5\r\n"
                + "LockAge: 111\r\nLockCookie: 7\r\nCache-Control: private\r\nContent-Length: 0\r\n\r\n");

        StateServerResponse response = channel.readInbound();
        assertThat(response.isLocked()).isTrue();
        assertThat(response.lockAgeSeconds()).isEqualTo(111);
        assertThat(response.lockCookie()).isEqualTo(7);
        assertThat(response.aspNetVersion()).isEqualTo("4.0.30319");
    }

    @Test
    void aContentLengthNoArrayHoldsIsRefusedInsteadOfWrappingAround() {
        assertThatThrownBy(() -> channelFed("200 OK\r\nContent-Length: 4294967297\r\n\r\n"))
                .isInstanceOf(DecoderException.class)
                .hasMessageContaining("more than the 67108864 bytes the client takes");
    }

    /** A body over the client's limit is refused at its Content-Length, before any of it is held; one at it is read. */
    @Test
    void aContentLengthOverTheLimitIsRefusedBeforeItsBodyArrives() {
        assertThatThrownBy(() -> channelFed("200 OK\r\nContent-Length: 11\r\n\r\n", 10))
                .isInstanceOf(DecoderException.class)
                .hasMessageContaining("response body of 11 bytes is more than the 10 bytes the client takes");
        StateServerResponse atTheLimit =
                channelFed("200 OK\r\nContent-Length: 10\r\n\r\n0123456789", 10).readInbound();
        assertThat(atTheLimit.data()).hasSize(10);
    }
}
