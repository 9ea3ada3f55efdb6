package aspstate.tds.wire;

import io.netty.buffer.ByteBuf;

/**
 * TDS strings: UTF-16LE code units, prefixed by their length in characters ([MS-TDS] 2.2.5.1.3 B_VARCHAR,
 * US_VARCHAR) or not. Each Java char is copied as its two bytes and back, as SQL Server keeps UCS-2 text: an
 * unpaired surrogate stays as it is (a charset decoder would replace it), and no decoder is made per string, which
 * on the RPC path, where every parameter name and session id is a string, costs more than the copy.
 */
public final class Utf16 {
    private Utf16() {
    }

    /** B_VARCHAR: one length byte, so at most 255 characters. */
    public static void writeBVarchar(ByteBuf out, String text) {
        if (text.length() > 255) {
            throw new IllegalArgumentException("B_VARCHAR holds at most 255 characters, got " + text.length());
        }
        out.writeByte(text.length());
        writeChars(out, text);
    }

    /** US_VARCHAR: two length bytes (little-endian), so at most 65535 characters. */
    public static void writeUsVarchar(ByteBuf out, String text) {
        if (text.length() > 0xFFFF) {
            throw new IllegalArgumentException("US_VARCHAR holds at most 65535 characters, got " + text.length());
        }
        out.writeShortLE(text.length());
        writeChars(out, text);
    }

    /** The characters alone, two bytes each. */
    public static void writeChars(ByteBuf out, String text) {
        out.writeBytes(encode(text));
    }

    /** Reads {@code chars} characters at {@code index} without moving the reader index. */
    public static String get(ByteBuf in, int index, int chars) {
        if (chars < 0 || index + 2L * chars > in.writerIndex()) {
            // Checked before allocating, so that a length a client sent costs nothing when the text is not there.
            throw new IndexOutOfBoundsException(chars + " characters at " + index + " run past the "
                    + in.writerIndex() + " bytes there are");
        }
        byte[] bytes = new byte[chars * 2];
        in.getBytes(index, bytes);
        return decode(bytes);
    }

    /** Reads {@code chars} characters and moves the reader index past them. */
    public static String read(ByteBuf in, int chars) {
        String text = get(in, in.readerIndex(), chars);
        in.skipBytes(chars * 2);
        return text;
    }

    public static byte[] encode(String text) {
        byte[] bytes = new byte[text.length() * 2];
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            bytes[2 * i] = (byte) c;
            bytes[2 * i + 1] = (byte) (c >>> 8);
        }
        return bytes;
    }

    /** The text of {@code bytes}; an odd last byte, which no character can be made of, is left out. */
    public static String decode(byte[] bytes) {
        char[] chars = new char[bytes.length / 2];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) ((bytes[2 * i] & 0xFF) | (bytes[2 * i + 1] & 0xFF) << 8);
        }
        return new String(chars);
    }
}
