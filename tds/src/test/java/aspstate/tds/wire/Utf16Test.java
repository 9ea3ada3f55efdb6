package aspstate.tds.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

class Utf16Test {
    @Test
    void textRoundTripsCodeUnitForCodeUnitAsSqlServerKeepsIt() {
        // An unpaired surrogate is kept, as SQL Server's UCS-2 keeps it; a charset would make it U+FFFD or '?'.
        String text = "id-é€\uD83D\uDE00-\uD800-\uDC00";
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

    @Test
    void textLongerThanTheBufferIsRefusedBeforeItIsRead() {
        ByteBuf in = Unpooled.wrappedBuffer(new byte[] {0x41, 0x00});
        assertThatThrownBy(() -> Utf16.read(in, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> Utf16.get(in, 0, 65535)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(in.readerIndex()).isZero();
    }

    @Test
    void anOddLastByteIsLeftOut() {
        assertThat(Utf16.decode(new byte[] {0x41, 0x00, 0x42})).isEqualTo("A");
    }
}
