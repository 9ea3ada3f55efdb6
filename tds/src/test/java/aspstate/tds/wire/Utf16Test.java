package aspstate.tds.wire;

import static java.nio.charset.StandardCharsets.UTF_16LE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

class Utf16Test {
    @Test
    void textRoundTrips() {
        String text = "id-é€\uD83D\uDE00-x";
        ByteBuf out = Unpooled.buffer();
        Utf16.writeUsVarchar(out, text);
        assertThat(out.readUnsignedShortLE()).isEqualTo(text.length());
        assertThat(Utf16.read(out, text.length())).isEqualTo(text);
        assertThat(out.isReadable()).isFalse();
        assertThat(Utf16.decode(Utf16.encode(text))).isEqualTo(text);
    }

    @Test
    void charactersAreLittleEndian() {
        assertThat(Utf16.encode("A€")).containsExactly(0x41, 0x00, 0xAC, 0x20);
    }

    /** After what is already there, growing the buffer as needed; nothing for empty text. */
    @Test
    void charactersAreWrittenAfterTheBuffersContent() {
        ByteBuf out = Unpooled.buffer(3, 64).writeByte(0x7F);
        Utf16.writeChars(out, "");
        assertThat(out.readableBytes()).isEqualTo(1);
        Utf16.writeChars(out, "A\uD83D\uDE00\u20AC");
        byte[] written = new byte[out.readableBytes()];
        out.readBytes(written);
        assertThat(written).containsExactly(0x7F, 0x41, 0x00, 0x3D, 0xD8, 0x00, 0xDE, 0xAC, 0x20);
    }

    @Test
    void textLongerThanTheBufferIsRefusedBeforeItIsRead() {
        ByteBuf in = Unpooled.wrappedBuffer(new byte[] {0x41, 0x00});
        assertThatThrownBy(() -> Utf16.read(in, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> Utf16.get(in, 0, 65535)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(in.readerIndex()).isZero();
    }

    /** As the UTF-16LE charset reads them, which this class read all text with before: one id, one key. */
    @Test
    void malformedTextReadsAsTheCharsetReadsIt() {
        byte[] unpaired = {0x41, 0x00, 0x00, (byte) 0xD8, 0x42, 0x00};
        byte[] odd = {0x41, 0x00, 0x42};
        assertThat(Utf16.decode(unpaired))
                .isEqualTo(new String(unpaired, UTF_16LE))
                .startsWith("A\uFFFD");
        assertThat(Utf16.decode(odd)).isEqualTo(new String(odd, UTF_16LE)).startsWith("A");
    }
}
