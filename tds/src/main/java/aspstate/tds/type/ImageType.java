package aspstate.tds.type;

import aspstate.tds.TdsProtocolException;
import io.netty.buffer.ByteBuf;

/**
 * IMAGE (0x22, [MS-TDS] 2.2.5.4.3): the legacy large binary type. TYPE_INFO holds a 4-byte maximum length. A
 * parameter's value is a 4-byte length (all ones for NULL) and the bytes; a ROW value is led by a text pointer and
 * a timestamp instead, and a COLMETADATA column adds the table it comes from. SQL Server never returns image output
 * parameters, so values are written only in the ROW form.
 */
public final class ImageType implements TdsType<byte[]> {
    public static final int TYPE = 0x22;
    public static final ImageType IMAGE = new ImageType();

    /** SQL Server's maximum for image: 2^31 - 1 bytes. */
    private static final int MAX_LENGTH = 0x7FFFFFFF;
    private static final long NULL_LENGTH = 0xFFFFFFFFL;
    /** Clients only test the pointer for presence; a real server's pointer locates the value in its storage. */
    private static final int TEXT_POINTER_LENGTH = 16;
    private static final int TIMESTAMP_LENGTH = 8;
    private static final String TABLE = "ASPStateTempSessions";

    private ImageType() {
    }

    static ImageType readTypeInfo(ByteBuf in) {
        in.skipBytes(4);
        return IMAGE;
    }

    @Override
    public Class<byte[]> javaType() {
        return byte[].class;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(TYPE).writeIntLE(MAX_LENGTH);
    }

    /** The table SQL Server's session-state procedures select image columns from, the only ones this server returns. */
    @Override
    public String columnTableName() {
        return TABLE;
    }

    @Override
    public void writeValue(ByteBuf out, byte[] value) {
        if (value == null) {
            out.writeByte(0);
            return;
        }
        out.writeByte(TEXT_POINTER_LENGTH).writeZero(TEXT_POINTER_LENGTH).writeZero(TIMESTAMP_LENGTH);
        out.writeIntLE(value.length).writeBytes(value);
    }

    @Override
    public byte[] readValue(ByteBuf in) {
        long length = in.readUnsignedIntLE();
        if (length == NULL_LENGTH) {
            return null;
        }
        if (length > in.readableBytes()) {
            throw new TdsProtocolException("image value of " + length
                    + " bytes is longer than the rest of the request");
        }
        byte[] value = new byte[(int) length];
        in.readBytes(value);
        return value;
    }

    @Override
    public String toString() {
        return "image";
    }
}
