package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;
import java.time.LocalDateTime;

/**
 * DATETIME2N (0x2A, [MS-TDS] 2.2.5.4.3): how mssql-jdbc sends a java.sql.Timestamp. TYPE_INFO holds the scale
 * (0-7 fractional digits); a value is a length byte (0 for NULL), then the {@link DateTime2Encoding}.
 */
public final class DateTime2NType implements TdsType<LocalDateTime> {
    public static final int TYPE = 0x2A;

    private final DateTime2Encoding encoding;

    private DateTime2NType(int scale) {
        this.encoding = new DateTime2Encoding(scale);
    }

    static DateTime2NType readTypeInfo(ByteBuf in) {
        return new DateTime2NType(DateTime2Encoding.readScale(in, "DATETIME2N"));
    }

    @Override
    public Class<LocalDateTime> javaType() {
        return LocalDateTime.class;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(TYPE).writeByte(encoding.scale());
    }

    @Override
    public void writeValue(ByteBuf out, LocalDateTime value) {
        if (value == null) {
            out.writeByte(0);
            return;
        }
        out.writeByte(encoding.length());
        encoding.write(out, value);
    }

    @Override
    public LocalDateTime readValue(ByteBuf in) {
        int length = in.readUnsignedByte();
        if (length == 0) {
            return null;
        }
        if (length != encoding.length()) {
            throw new TdsProtocolException("DATETIME2N(" + encoding.scale() + ") value of length " + length);
        }
        return encoding.read(in, "datetime2");
    }

    @Override
    public String toString() {
        return "datetime2(" + encoding.scale() + ")";
    }
}
