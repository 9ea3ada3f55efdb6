package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * DATETIMEOFFSETN (0x2B, [MS-TDS] 2.2.5.4.3): SqlClient's DateTimeOffset, as ASP.NET Core's SQL Server cache sends
 * its times. TYPE_INFO holds the scale; a value is a length byte (0 for NULL), the date and time in UTC
 * ({@link DateTime2Encoding}), then the offset from UTC in minutes as a signed 2-byte integer.
 */
public final class DateTimeOffsetNType implements TdsType<OffsetDateTime> {
    public static final int TYPE = 0x2B;
    /** datetimeoffset(7), what SqlClient, tedious and mssql-jdbc send by default. */
    public static final DateTimeOffsetNType DATETIMEOFFSET = new DateTimeOffsetNType(DateTime2Encoding.MAX_SCALE);

    private static final int OFFSET_LENGTH = 2;
    /** SQL Server's offsets run from -14:00 to +14:00. */
    private static final int MAX_OFFSET_MINUTES = 14 * 60;

    private final DateTime2Encoding encoding;

    private DateTimeOffsetNType(int scale) {
        this.encoding = new DateTime2Encoding(scale);
    }

    static DateTimeOffsetNType readTypeInfo(ByteBuf in) {
        int scale = DateTime2Encoding.readScale(in, "DATETIMEOFFSETN");
        return scale == DateTime2Encoding.MAX_SCALE ? DATETIMEOFFSET : new DateTimeOffsetNType(scale);
    }

    @Override
    public Class<OffsetDateTime> javaType() {
        return OffsetDateTime.class;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(TYPE).writeByte(encoding.scale());
    }

    /** Whole minutes of offset only, as SQL Server keeps it. */
    @Override
    public void writeValue(ByteBuf out, OffsetDateTime value) {
        if (value == null) {
            out.writeByte(0);
            return;
        }
        out.writeByte(encoding.length() + OFFSET_LENGTH);
        encoding.write(out, value.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime());
        out.writeShortLE(value.getOffset().getTotalSeconds() / 60);
    }

    @Override
    public OffsetDateTime readValue(ByteBuf in) {
        int length = in.readUnsignedByte();
        if (length == 0) {
            return null;
        }
        if (length != encoding.length() + OFFSET_LENGTH) {
            throw new TdsProtocolException("DATETIMEOFFSETN(" + encoding.scale() + ") value of length " + length);
        }
        LocalDateTime utc = encoding.read(in, "datetimeoffset");
        int offsetMinutes = in.readShortLE();
        if (Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES) {
            throw new TdsProtocolException("datetimeoffset with an offset of " + offsetMinutes
                    + " minutes; SQL Server's run from -840 to 840");
        }
        return utc.atOffset(ZoneOffset.UTC).withOffsetSameInstant(ZoneOffset.ofTotalSeconds(offsetMinutes * 60));
    }

    @Override
    public String toString() {
        return "datetimeoffset(" + encoding.scale() + ")";
    }
}
