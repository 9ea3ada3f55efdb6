package aspstate.stateserver;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.stateserver.StateRequest;
import aspstate.transport.InboundBudget;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The decoder alone, in Netty's embedded channel: how each request form maps onto a StateRequest. */
class StateServerRequestDecoderTest {

    private static DecodedRequest decodeOne(String bytes) {
        EmbeddedChannel channel =
                new EmbeddedChannel(new StateServerRequestDecoder(1 << 20, InboundBudget.unshared(1 << 20)));
        channel.writeInbound(Unpooled.wrappedBuffer(bytes.getBytes(StandardCharsets.ISO_8859_1)));
        DecodedRequest decoded = channel.readInbound();
        assertThat((Object) channel.readInbound()).as("exactly one message").isNull();
        channel.finishAndReleaseAll();
        return decoded;
    }

    private static final byte[] X = {'x'};

    static List<Arguments> requests() {
        return List.of(
                Arguments.of("GET k HTTP/1.1\r\nHost: h\r\n\r\n", StateRequest.get()),
                Arguments.of("GET k HTTP/1.1\r\nExclusive: acquire\r\n\r\n", StateRequest.getExclusive()),
                Arguments.of(
                        "GET k HTTP/1.1\r\nExclusive: release\r\nLockCookie:7\r\n\r\n",
                        StateRequest.releaseExclusive(7)),
                Arguments.of("PUT k HTTP/1.1\r\nContent-Length:1\r\n\r\nx", StateRequest.set(X, 20, false, null)),
                Arguments.of(
                        "PUT k HTTP/1.1\r\nTimeout:0\r\nContent-Length:1\r\nExtraFlags:1\r\nLockCookie:0\r\n\r\nx",
                        StateRequest.set(X, 0, true, 0)),
                Arguments.of(
                        "PUT k HTTP/1.1\r\nTimeout:30\r\nContent-Length:1\r\nExtraFlags:0\r\nLockCookie:-5\r\n\r\nx",
                        StateRequest.set(X, 30, false, -5)),
                Arguments.of(
                        "PUT k HTTP/1.1\r\nTimeout:525600\r\nContent-Length:1\r\n\r\nx",
                        StateRequest.set(X, 525_600, false, null)),
                Arguments.of(
                        "PUT k HTTP/1.1\r\nContent-Length:1\r\nExtraFlags:2\r\n\r\nx",
                        StateRequest.set(X, 20, false, null)),
                Arguments.of(
                        "PUT k HTTP/1.1\r\nExclusive: acquire\r\nContent-Length:1\r\n\r\nx",
                        StateRequest.set(X, 20, false, null)),
                Arguments.of("DELETE k HTTP/1.1\r\n\r\n", StateRequest.remove(null)),
                Arguments.of(
                        "DELETE k HTTP/1.1\r\nLockCookie:2147483647\r\n\r\n", StateRequest.remove(Integer.MAX_VALUE)),
                Arguments.of("DELETE k HTTP/1.1\r\nExclusive: nonsense\r\n\r\n", StateRequest.remove(null)),
                Arguments.of("HEAD k HTTP/1.1\r\n\r\n", StateRequest.resetTimeout()),
                Arguments.of("GET k HTTP/1.1\n\n", StateRequest.get()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requests")
    void decodes(String bytes, StateRequest expected) {
        DecodedRequest decoded = decodeOne(bytes);
        assertThat(decoded.key()).isEqualTo("k");
        assertThat(decoded.request()).usingRecursiveComparison().isEqualTo(expected);
    }

    @Test
    void headerSectionOfExactlyTenKibIsAcceptedAndOneByteMoreIsNot() {
        String head = "GET k HTTP/1.1\r\nX-Pad: ";
        int padding = StateServerRequestDecoder.MAX_HEADER_SECTION_BYTES - head.length() - 4;
        assertThat(decodeOne(head + "p".repeat(padding) + "\r\n\r\n").isMalformed())
                .isFalse();
        assertThat(decodeOne(head + "p".repeat(padding + 1) + "\r\n\r\n").isMalformed())
                .isTrue();
    }

    @Test
    void everythingAfterMalformedInputIsDiscarded() {
        EmbeddedChannel channel =
                new EmbeddedChannel(new StateServerRequestDecoder(1 << 20, InboundBudget.unshared(1 << 20)));
        channel.writeInbound(Unpooled.wrappedBuffer("BREW k HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
        channel.writeInbound(Unpooled.wrappedBuffer("GET k HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
        assertThat(((DecodedRequest) channel.readInbound()).isMalformed()).isTrue();
        assertThat((Object) channel.readInbound()).isNull();
        channel.finishAndReleaseAll();
    }
}
