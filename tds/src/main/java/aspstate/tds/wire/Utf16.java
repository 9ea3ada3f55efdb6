package aspstate.tds.wire;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** TDS strings: UTF-16LE, prefixed by their length in characters ([MS-TDS] 2.2.5.1.3 B_VARCHAR, US_VARCHAR). */
public final class Utf16 {
    private Utf16() {
    }

    /** B_VARCHAR: one length byte, so at most 255 characters. */
    public static void writeBVarchar(ByteBuf out, String text) {
        if (text.length() > 255) {
            throw new IllegalArgumentException("B_VARCHAR holds at most 255 characters, got " + text.length());
        }
        out.writeByte(text.length());
        out.writeCharSequence(text, StandardCharsets.UTF_16LE);
    }

    /** US_VARCHAR: two length bytes (little-endian), so at most 65535 characters. */
    public static void writeUsVarchar(ByteBuf out, String text) {
        if (text.length() > 0xFFFF) {
            throw new IllegalArgumentException("US_VARCHAR holds at most 65535 characters, got " + text.length());
        }
        out.writeShortLE(text.length());
        out.writeCharSequence(text, StandardCharsets.UTF_16LE);
    }

    /** Reads {@code chars} characters at {@code index} without moving the reader index. */
    public static String get(ByteBuf in, int index, int chars) {
        return in.toString(index, chars * 2, StandardCharsets.UTF_16LE);
    }

    /** Reads {@code chars} characters and moves the reader index past them. */
    public static String read(ByteBuf in, int chars) {
        String text = get(in, in.readerIndex(), chars);
        in.skipBytes(chars * 2);
        return text;
    }
}
