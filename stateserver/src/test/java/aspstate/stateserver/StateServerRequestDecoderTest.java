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
        EmbeddedChannel channel = new EmbeddedChannel(new StateServerRequestDecoder(1 << 20, InboundBudget.unshared(1 << 20)));
        channel.writeInbound(Unpooled.wrappedBuffer(bytes.getBytes(StandardCharsets.ISO_8859_1)));
        DecodedRequest decoded = channel.readInbound();
        assertThat((Object) channel.readInbound()).as("exactly one message").isNull();
        channel.finishAndReleaseAll();
        return decoded;
    }

    static List<Arguments> requests() {
        return List.of(
                Arguments.of("GET k HTTP/1.1\r\nHost: h\r\n\r\n", StateRequest.Kind.GET, false, 0, 0, false),
                Arguments.of("GET k HTTP/1.1\r\nExclusive: acquire\r\n\r\n", StateRequest.Kind.GET_EXCLUSIVE, false, 0, 0, false),
                Arguments.of("GET k HTTP/1.1\r\nExclusive: release\r\nLockCookie:7\r\n\r\n", StateRequest.Kind.RELEASE_EXCLUSIVE, true, 7, 0, false),
                Arguments.of("PUT k HTTP/1.1\r\nContent-Length:1\r\n\r\nx", StateRequest.Kind.SET, false, 0, 20, false),
                Arguments.of("PUT k HTTP/1.1\r\nTimeout:0\r\nContent-Length:1\r\nExtraFlags:1\r\nLockCookie:0\r\n\r\nx", StateRequest.Kind.SET, true, 0, 0, true),
                Arguments.of("PUT k HTTP/1.1\r\nTimeout:30\r\nContent-Length:1\r\nExtraFlags:0\r\nLockCookie:-5\r\n\r\nx", StateRequest.Kind.SET, true, -5, 30, false),
                Arguments.of("PUT k HTTP/1.1\r\nContent-Length:1\r\nExtraFlags:2\r\n\r\nx", StateRequest.Kind.SET, false, 0, 20, false),
                Arguments.of("DELETE k HTTP/1.1\r\n\r\n", StateRequest.Kind.REMOVE, false, 0, 0, false),
                Arguments.of("DELETE k HTTP/1.1\r\nLockCookie:2147483647\r\n\r\n", StateRequest.Kind.REMOVE, true, Integer.MAX_VALUE, 0, false),
                Arguments.of("HEAD k HTTP/1.1\r\n\r\n", StateRequest.Kind.RESET_TIMEOUT, false, 0, 0, false),
                Arguments.of("GET k HTTP/1.1\n\n", StateRequest.Kind.GET, false, 0, 0, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requests")
    void decodes(String bytes, StateRequest.Kind kind, boolean hasCookie, int cookie, int timeout, boolean insertOnly) {
        DecodedRequest decoded = decodeOne(bytes);
        assertThat(decoded.key()).isEqualTo("k");
        StateRequest request = decoded.request();
        assertThat(request.kind()).isEqualTo(kind);
        assertThat(request.hasLockCookie()).isEqualTo(hasCookie);
        assertThat(request.lockCookie()).isEqualTo(cookie);
        assertThat(request.insertOnly()).isEqualTo(insertOnly);
        if (kind == StateRequest.Kind.SET) {
            assertThat(request.timeoutMinutes()).isEqualTo(timeout);
            assertThat(request.data()).containsExactly('x');
        }
    }

    @Test
    void headerSectionOfExactlyTenKibIsAcceptedAndOneByteMoreIsNot() {
        String head = "GET k HTTP/1.1\r\nX-Pad: ";
        int padding = StateServerRequestDecoder.MAX_HEADER_SECTION_BYTES - head.length() - 4;
        assertThat(decodeOne(head + "p".repeat(padding) + "\r\n\r\n").isMalformed()).isFalse();
        assertThat(decodeOne(head + "p".repeat(padding + 1) + "\r\n\r\n").isMalformed()).isTrue();
    }

    @Test
    void everythingAfterMalformedInputIsDiscarded() {
        EmbeddedChannel channel = new EmbeddedChannel(new StateServerRequestDecoder(1 << 20, InboundBudget.unshared(1 << 20)));
        channel.writeInbound(Unpooled.wrappedBuffer("BREW k HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
        channel.writeInbound(Unpooled.wrappedBuffer("GET k HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
        assertThat(((DecodedRequest) channel.readInbound()).isMalformed()).isTrue();
        assertThat((Object) channel.readInbound()).isNull();
        channel.finishAndReleaseAll();
    }
}
