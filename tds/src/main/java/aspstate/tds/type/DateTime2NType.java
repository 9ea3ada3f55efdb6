package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;

/**
 * DATETIME2N (0x2A, [MS-TDS] 2.2.5.4.3): how mssql-jdbc sends a java.sql.Timestamp. TYPE_INFO holds the scale
 * (0-7 fractional digits); a value is a length byte (0 for NULL), the time as a count of 10^-scale seconds since
 * midnight in 3, 4 or 5 bytes by scale, then the date as 3 bytes of days since 0001-01-01.
 */
public final class DateTime2NType implements TdsType<LocalDateTime> {
    public static final int TYPE = 0x2A;
    private static final int MAX_SCALE = 7;
    private static final int DATE_LENGTH = 3;
    private static final LocalDate FIRST_DAY = LocalDate.of(1, 1, 1);
    /** 9999-12-31, the last day datetime2 has. */
    private static final int LAST_DAY = 3_652_058;
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private final int scale;

    private DateTime2NType(int scale) {
        this.scale = scale;
    }

    static DateTime2NType readTypeInfo(ByteBuf in) {
        int scale = in.readUnsignedByte();
        if (scale > MAX_SCALE) {
            throw new TdsProtocolException("DATETIME2N of scale " + scale + "; at most " + MAX_SCALE + " exists");
        }
        return new DateTime2NType(scale);
    }

    private int timeLength() {
        return scale <= 2 ? 3 : scale <= 4 ? 4 : 5;
    }

    private long nanosPerUnit() {
        long nanos = 1_000_000_000L;
        for (int i = 0; i < scale; i++) {
            nanos /= 10;
        }
        return nanos;
    }

    @Override
    public Class<LocalDateTime> javaType() {
        return LocalDateTime.class;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(TYPE).writeByte(scale);
    }

    /** Truncates below the scale's precision. */
    @Override
    public void writeValue(ByteBuf out, LocalDateTime value) {
        if (value == null) {
            out.writeByte(0);
            return;
        }
        out.writeByte(timeLength() + DATE_LENGTH);
        long units = value.toLocalTime().toNanoOfDay() / nanosPerUnit();
        for (int i = 0; i < timeLength(); i++) {
            out.writeByte((int) (units >>> (8 * i)));
        }
        out.writeMediumLE((int) ChronoUnit.DAYS.between(FIRST_DAY, value.toLocalDate()));
    }

    @Override
    public LocalDateTime readValue(ByteBuf in) {
        int length = in.readUnsignedByte();
        if (length == 0) {
            return null;
        }
        if (length != timeLength() + DATE_LENGTH) {
            throw new TdsProtocolException("DATETIME2N(" + scale + ") value of length " + length);
        }
        long units = 0;
        for (int i = 0; i < timeLength(); i++) {
            units |= (long) in.readUnsignedByte() << (8 * i);
        }
        int days = in.readUnsignedMediumLE();
        long nanoOfDay = units * nanosPerUnit();
        // The time field holds up to 30 hours and the date field up to year 45,000: neither is a datetime2.
        if (nanoOfDay >= NANOS_PER_DAY || days > LAST_DAY) {
            throw new TdsProtocolException("datetime2 of day " + days + " and time " + units + " x 10^-" + scale
                    + " s is outside 0001-01-01 to 9999-12-31 23:59:59.9999999");
        }
        return FIRST_DAY.plusDays(days).atTime(LocalTime.ofNanoOfDay(nanoOfDay));
    }

    @Override
    public String toString() {
        return "datetime2(" + scale + ")";
    }
}
