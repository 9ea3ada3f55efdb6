package aspstate.core.inspect;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Decodes ASP.NET Core's session data, what its session middleware (DistributedSession) stores in a distributed
 * cache (docs/spec/session-blob-format.md, "ASP.NET Core"): a revision byte (2), a 3-byte entry count, the 16-byte
 * session id, then per entry a 2-byte key length, the UTF-8 key, a 4-byte value length and the value, all lengths
 * big-endian. Like {@link SessionBlob}, every input is answered, never with an exception, and a problem is said with
 * the entries read before it.
 */
public final class CoreSessionBlob {
    /** DistributedSession's serialization revision; it replaces data of any other with an empty session. */
    static final int REVISION = 2;

    private static final int ID_BYTES = 16;
    /** An Int32 as SetInt32 stores it. */
    private static final int INT32_BYTES = 4;
    /** Bytes shown in hex for a value that is not text: twice this in hex digits, like a string preview. */
    private static final int HEX_PREVIEW_BYTES = SessionBlob.PREVIEW_CHARS / 2;

    private static final int CORE_TYPE_CODE = 0;
    /** An entry with an empty key and value: its two lengths. */
    private static final int MIN_ENTRY_BYTES = 2 + 4;

    private final ByteBuffer in;
    private final List<SessionItem> items = new ArrayList<>();
    private String sessionId;
    private int count;

    private CoreSessionBlob(byte[] data) {
        this.in = ByteBuffer.wrap(data);
    }

    /** What is wrong with the data, said with where. */
    private static final class FormatException extends RuntimeException {
        FormatException(String message) {
            super(message, null, false, false);
        }
    }

    /** @param data a cache entry's Value as the store holds it; null reads as no data */
    public static DecodedSession decode(byte[] data) {
        if (data == null) {
            return DecodedSession.unreadable(false, "no data");
        }
        CoreSessionBlob reader = new CoreSessionBlob(data);
        String problem = null;
        try {
            reader.read();
        } catch (FormatException e) {
            problem = e.getMessage();
        }
        return new DecodedSession(false, null, reader.sessionId, reader.items, reader.count, 0, problem);
    }

    private void read() {
        int revision = bigEndian(1, "the serialization revision");
        if (revision != REVISION) {
            throw new FormatException("not ASP.NET Core session data: revision " + revision + " at byte 0, not "
                    + REVISION + " (ASP.NET Core replaces such data with an empty session)");
        }
        count = bigEndian(3, "the entry count");
        sessionId = guid(bytes(ID_BYTES, "the session id"));
        if ((long) count * MIN_ENTRY_BYTES > in.remaining()) {
            throw new FormatException("entry count " + count + " needs at least " + (long) count * MIN_ENTRY_BYTES
                    + " bytes after the session id, and " + in.remaining() + " are there");
        }
        for (int i = 0; i < count; i++) {
            String what = "entry " + i;
            if (i < SessionBlob.MAX_ITEMS_SHOWN) {
                String key = new String(bytes(bigEndian(2, "the key length of " + what), "the key of " + what), UTF_8);
                items.add(item(SessionBlob.preview(key), bytes(valueLength(what), "the value of " + what)));
            } else {
                skip(bigEndian(2, "the key length of " + what), "the key of " + what);
                skip(valueLength(what), "the value of " + what);
            }
        }
        if (in.hasRemaining()) {
            throw new FormatException(in.remaining() + " bytes after the last entry, from byte " + in.position()
                    + " (ASP.NET Core ignores them)");
        }
    }

    private void require(int length, String what) {
        if (length > in.remaining()) {
            throw new FormatException("the data ends at byte " + in.limit() + " in the middle of " + what + " ("
                    + length + " bytes from byte " + in.position() + ", " + in.remaining() + " there)");
        }
    }

    private int bigEndian(int bytes, String what) {
        require(bytes, what);
        int value = 0;
        for (int i = 0; i < bytes; i++) {
            value = value << 8 | in.get() & 0xFF;
        }
        return value;
    }

    /** An entry's value length, which a negative number cannot be. */
    private int valueLength(String what) {
        int at = in.position();
        int length = bigEndian(4, "the value length of " + what);
        if (length < 0) {
            throw new FormatException("the value length of " + what + " at byte " + at + " is negative");
        }
        return length;
    }

    /** Passes over the bytes of an entry that is counted but not shown. */
    private void skip(int length, String what) {
        require(length, what);
        in.position(in.position() + length);
    }

    private byte[] bytes(int length, String what) {
        require(length, what);
        byte[] bytes = new byte[length];
        in.get(bytes);
        return bytes;
    }

    /** As .NET's Guid prints the bytes it was made of: its first three fields are little-endian. */
    private static String guid(byte[] bytes) {
        ByteBuffer fields = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        HexFormat hex = HexFormat.of();
        return hex.toHexDigits(fields.getInt()) + "-" + hex.toHexDigits(fields.getShort()) + "-"
                + hex.toHexDigits(fields.getShort()) + "-" + hex.formatHex(bytes, 8, 10) + "-"
                + hex.formatHex(bytes, 10, 16);
    }

    private static SessionItem item(String key, byte[] value) {
        String text = text(value);
        if (text != null) {
            return new SessionItem(key, CORE_TYPE_CODE, "String", SessionBlob.preview(text), value.length, null);
        }
        if (value.length == INT32_BYTES) {
            return new SessionItem(
                    key,
                    CORE_TYPE_CODE,
                    "Int32",
                    Integer.toString(ByteBuffer.wrap(value).getInt()),
                    value.length,
                    null);
        }
        String hex = HexFormat.of().formatHex(value, 0, Math.min(value.length, HEX_PREVIEW_BYTES));
        return new SessionItem(
                key,
                CORE_TYPE_CODE,
                "Bytes",
                value.length > HEX_PREVIEW_BYTES ? hex + SessionBlob.CUT_MARKER : hex,
                value.length,
                null);
    }

    /** The value as SetString stores text: valid UTF-8 without control characters but tab and line breaks; else null. */
    private static String text(byte[] value) {
        String text;
        try {
            text = UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(value))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) && c != '\t' && c != '\r' && c != '\n') {
                return null;
            }
        }
        return text;
    }
}
