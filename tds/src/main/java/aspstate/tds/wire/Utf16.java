package aspstate.tds.wire;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * TDS strings: UTF-16LE, prefixed by their length in characters ([MS-TDS] 2.2.5.1.3 B_VARCHAR, US_VARCHAR) or not.
 * Text is copied char by char rather than through a charset's decoder and encoder, which on the RPC path, where
 * every parameter name and session id is a string, cost more than the copy. Text with surrogates or an odd byte
 * goes through the charset, so that malformed text becomes U+FFFD as it always did here: a session id then means
 * the same to every store (the durable and clustered ones write keys as UTF-8, where an unpaired surrogate has no
 * encoding of its own).
 */
public final class Utf16 {
    private Utf16() {}

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

    /**
     * The characters alone, two bytes each: encoded into an array and copied once, as a buffer's setters check
     * bounds and access on every call (1% of a loaded server on the TDS path, char by char).
     */
    public static void writeChars(ByteBuf out, String text) {
        out.writeBytes(encode(text));
    }

    /** Reads {@code chars} characters at {@code index} without moving the reader index. */
    public static String get(ByteBuf in, int index, int chars) {
        if (chars < 0 || index + 2L * chars > in.writerIndex()) {
            // Checked before allocating, so that a length a client sent costs nothing when the text is not there.
            throw new IndexOutOfBoundsException(
                    chars + " characters at " + index + " run past the " + in.writerIndex() + " bytes there are");
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

    /** Each char as its two bytes; text read by {@link #decode} holds no unpaired surrogate. */
    public static byte[] encode(String text) {
        byte[] bytes = new byte[text.length() * 2];
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            bytes[2 * i] = (byte) c;
            bytes[2 * i + 1] = (byte) (c >>> 8);
        }
        return bytes;
    }

    /** The text of {@code bytes}: malformed UTF-16 (an unpaired surrogate, an odd last byte) as U+FFFD. */
    public static String decode(byte[] bytes) {
        if (bytes.length % 2 != 0) {
            return new String(bytes, StandardCharsets.UTF_16LE);
        }
        char[] chars = new char[bytes.length / 2];
        for (int i = 0; i < chars.length; i++) {
            char c = (char) ((bytes[2 * i] & 0xFF) | (bytes[2 * i + 1] & 0xFF) << 8);
            if (Character.isSurrogate(c)) {
                return new String(bytes, StandardCharsets.UTF_16LE);
            }
            chars[i] = c;
        }
        return new String(chars);
    }
}
