package aspstate.store.journal;

import java.nio.ByteBuffer;

/**
 * The field encodings journal records share: byte arrays and strings with a length in front, where -1 is null.
 * Strings whose characters all fit one byte (every session id and key a client sends today) take one byte each,
 * others two, so that any Java string, unpaired surrogates included, comes back exactly.
 */
final class Fields {
    /** The top bit of a string's length: its characters take two bytes each. */
    private static final int WIDE = 1 << 31;

    private Fields() {}

    static int bytesSize(byte[] bytes) {
        return Integer.BYTES + (bytes == null ? 0 : bytes.length);
    }

    static void putBytes(ByteBuffer out, byte[] bytes) {
        if (bytes == null) {
            out.putInt(-1);
            return;
        }
        out.putInt(bytes.length);
        out.put(bytes);
    }

    static byte[] getBytes(ByteBuffer in) {
        int length = in.getInt();
        if (length == -1) {
            return null;
        }
        if (length < 0 || length > in.remaining()) {
            throw new CorruptRecordException(
                    "a byte field of " + length + " bytes, with " + in.remaining() + " left in its record");
        }
        byte[] bytes = new byte[length];
        in.get(bytes);
        return bytes;
    }

    static int stringSize(String text) {
        return Integer.BYTES + (narrow(text) ? text.length() : 2 * text.length());
    }

    static void putString(ByteBuffer out, String text) {
        int length = text.length();
        if (narrow(text)) {
            out.putInt(length);
            for (int i = 0; i < length; i++) {
                out.put((byte) text.charAt(i));
            }
            return;
        }
        out.putInt(length | WIDE);
        for (int i = 0; i < length; i++) {
            out.putChar(text.charAt(i));
        }
    }

    static String getString(ByteBuffer in) {
        int header = in.getInt();
        boolean wide = (header & WIDE) != 0;
        int length = header & ~WIDE;
        if ((wide ? 2L : 1L) * length > in.remaining()) {
            throw new CorruptRecordException(
                    "a text field of " + length + " characters, with " + in.remaining() + " bytes left in its record");
        }
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = wide ? in.getChar() : (char) (in.get() & 0xFF);
        }
        return new String(chars);
    }

    private static boolean narrow(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) > 0xFF) {
                return false;
            }
        }
        return true;
    }
}
