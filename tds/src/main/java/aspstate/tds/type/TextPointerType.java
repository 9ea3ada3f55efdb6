package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;
import java.nio.charset.Charset;
import java.util.function.Function;

/**
 * IMAGE (0x22), TEXT (0x23) and NTEXT (0x63) ([MS-TDS] 2.2.5.4.3): the legacy large types, whose values a ROW
 * leads with a text pointer. TYPE_INFO holds a 4-byte maximum length (and a collation for the two text types). A
 * parameter's value is a 4-byte length (all ones for NULL) and the bytes; a ROW or RETURNVALUE value is led by a
 * text pointer and a timestamp instead, and a COLMETADATA column adds the table it comes from. Besides the image
 * columns of the session-state procedures, they are how a TDS 7.1 client, which has no PLP, gets the (max) types,
 * as SQL Server sends them down-level: varbinary(max) as image, varchar(max) as text, nvarchar(max) as ntext.
 *
 * @param <T> byte[] for image, String for the text types
 */
public final class TextPointerType<T> implements TdsType<T> {
    public static final int IMAGE_TYPE = 0x22;
    public static final int TEXT_TYPE = 0x23;
    public static final int NTEXT_TYPE = 0x63;
    private static final Charset CODE_PAGE_1252 = Charset.forName("windows-1252");

    public static final TextPointerType<byte[]> IMAGE =
            new TextPointerType<>(IMAGE_TYPE, "image", byte[].class, 0x7FFFFFFF, false, bytes -> bytes, bytes -> bytes);
    public static final TextPointerType<String> TEXT = new TextPointerType<>(
            TEXT_TYPE,
            "text",
            String.class,
            0x7FFFFFFF,
            true,
            bytes -> new String(bytes, CODE_PAGE_1252),
            text -> text.getBytes(CODE_PAGE_1252));
    /** ntext holds at most 2^30 - 1 characters. */
    public static final TextPointerType<String> NTEXT =
            new TextPointerType<>(NTEXT_TYPE, "ntext", String.class, 0x7FFFFFFE, true, Utf16::decode, Utf16::encode);

    private static final long NULL_LENGTH = 0xFFFFFFFFL;
    /** Clients only test the pointer for presence; a real server's pointer locates the value in its storage. */
    private static final int TEXT_POINTER_LENGTH = 16;

    private static final int TIMESTAMP_LENGTH = 8;
    private static final String TABLE = "ASPStateTempSessions";

    private final int type;
    private final String name;
    private final Class<T> javaType;
    private final int maxLength;
    private final boolean collated;
    private final Function<byte[], T> decode;
    private final Function<T, byte[]> encode;

    private TextPointerType(
            int type,
            String name,
            Class<T> javaType,
            int maxLength,
            boolean collated,
            Function<byte[], T> decode,
            Function<T, byte[]> encode) {
        this.type = type;
        this.name = name;
        this.javaType = javaType;
        this.maxLength = maxLength;
        this.collated = collated;
        this.decode = decode;
        this.encode = encode;
    }

    static TextPointerType<?> readTypeInfo(int type, ByteBuf in) {
        in.skipBytes(4);
        TextPointerType<?> read = switch (type) {
            case IMAGE_TYPE -> IMAGE;
            case TEXT_TYPE -> TEXT;
            case NTEXT_TYPE -> NTEXT;
            default -> throw new IllegalArgumentException("not a text pointer type: " + type);
        };
        if (read.collated) {
            Collation.skip(in);
        }
        return read;
    }

    @Override
    public Class<T> javaType() {
        return javaType;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(type).writeIntLE(maxLength);
        if (collated) {
            Collation.write(out);
        }
    }

    /** The table SQL Server's session-state procedures select image columns from, the only ones this server returns. */
    @Override
    public String columnTableName() {
        return TABLE;
    }

    @Override
    public void writeValue(ByteBuf out, T value) {
        if (value == null) {
            out.writeByte(0);
            return;
        }
        byte[] bytes = encode.apply(value);
        out.writeByte(TEXT_POINTER_LENGTH).writeZero(TEXT_POINTER_LENGTH).writeZero(TIMESTAMP_LENGTH);
        out.writeIntLE(bytes.length).writeBytes(bytes);
    }

    /** After the text pointer and timestamp, the parameter's form; a pointer of length 0 is NULL. */
    @Override
    public T readReturnedValue(ByteBuf in) {
        int pointerLength = in.readUnsignedByte();
        if (pointerLength == 0) {
            return null;
        }
        if (pointerLength != TEXT_POINTER_LENGTH) {
            throw new TdsProtocolException(
                    "text pointer of " + pointerLength + " bytes; " + TEXT_POINTER_LENGTH + " is the only length");
        }
        in.skipBytes(TEXT_POINTER_LENGTH + TIMESTAMP_LENGTH);
        return readValue(in);
    }

    @Override
    public T readValue(ByteBuf in) {
        long length = in.readUnsignedIntLE();
        if (length == NULL_LENGTH) {
            return null;
        }
        if (length > in.readableBytes()) {
            throw new TdsProtocolException(
                    name + " value of " + length + " bytes is longer than the rest of the request");
        }
        byte[] value = new byte[(int) length];
        in.readBytes(value);
        return decode.apply(value);
    }

    @Override
    public String toString() {
        return name;
    }
}
