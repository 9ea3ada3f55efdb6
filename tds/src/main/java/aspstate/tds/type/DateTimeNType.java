package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;

/**
 * DATETIMN (0x6F, [MS-TDS] 2.2.5.4.2): a nullable datetime (length 8: days since 1900-01-01, then 1/300 seconds
 * since midnight) or smalldatetime (length 4: unsigned days, then minutes). Values carry no time zone; the
 * session-state procedures use UTC or server-local time as their definitions say.
 */
public final class DateTimeNType implements TdsType<LocalDateTime> {
    public static final int TYPE = 0x6F;
    public static final DateTimeNType DATETIME = new DateTimeNType(8);
    public static final DateTimeNType SMALLDATETIME = new DateTimeNType(4);

    private static final LocalDate EPOCH = LocalDate.of(1900, 1, 1);
    private static final long TICKS_PER_SECOND = 300;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** datetime runs from 1753-01-01 to 9999-12-31: days -53,690 to 2,958,463 since 1900-01-01. */
    private static final int FIRST_DATETIME_DAY = -53_690;

    private static final int LAST_DATETIME_DAY = 2_958_463;
    private static final long TICKS_PER_DAY = TICKS_PER_SECOND * 86_400;
    private static final int MINUTES_PER_DAY = 1_440;

    private final int length;

    private DateTimeNType(int length) {
        this.length = length;
    }

    static DateTimeNType readTypeInfo(ByteBuf in) {
        int length = in.readUnsignedByte();
        return switch (length) {
            case 4 -> SMALLDATETIME;
            case 8 -> DATETIME;
            default -> throw new TdsProtocolException("DATETIMN of length " + length + "; only 4 and 8 exist");
        };
    }

    @Override
    public Class<LocalDateTime> javaType() {
        return LocalDateTime.class;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(TYPE).writeByte(length);
    }

    /** Rounds to the type's precision (1/300 s, or the minute), as SQL Server does on conversion. */
    @Override
    public void writeValue(ByteBuf out, LocalDateTime value) {
        if (value == null) {
            out.writeByte(0);
            return;
        }
        long days = ChronoUnit.DAYS.between(EPOCH, value.toLocalDate());
        long nanos = value.toLocalTime().toNanoOfDay();
        out.writeByte(length);
        if (length == 8) {
            long ticks = Math.round(nanos * (double) TICKS_PER_SECOND / NANOS_PER_SECOND);
            out.writeIntLE((int) days).writeIntLE((int) ticks);
        } else {
            long minutes = Math.round(nanos / 60e9);
            out.writeShortLE((int) days).writeShortLE((int) minutes);
        }
    }

    @Override
    public LocalDateTime readValue(ByteBuf in) {
        int valueLength = in.readUnsignedByte();
        if (valueLength != 0 && valueLength != length) {
            throw new TdsProtocolException(
                    "DATETIMN value of length " + valueLength + " in a type of length " + length);
        }
        return switch (valueLength) {
            case 0 -> null;
            case 8 -> {
                int days = in.readIntLE();
                long ticks = in.readUnsignedIntLE();
                // Outside SQL Server's range a value is no datetime at all: refused, not read as another day.
                if (days < FIRST_DATETIME_DAY || days > LAST_DATETIME_DAY || ticks >= TICKS_PER_DAY) {
                    throw new TdsProtocolException("datetime of day " + days + " and tick " + ticks
                            + " is outside 1753-01-01 to 9999-12-31 23:59:59.997");
                }
                // Whole milliseconds, as SQL Server shows a datetime (ticks of 3.33 ms).
                long millis = Math.round(ticks * 1000.0 / TICKS_PER_SECOND);
                yield EPOCH.plusDays(days).atStartOfDay().plus(millis, ChronoUnit.MILLIS);
            }
            case 4 -> {
                int days = in.readUnsignedShortLE();
                int minutes = in.readUnsignedShortLE();
                if (minutes >= MINUTES_PER_DAY) {
                    throw new TdsProtocolException(
                            "smalldatetime of minute " + minutes + "; a day has " + MINUTES_PER_DAY);
                }
                yield EPOCH.plusDays(days).atTime(LocalTime.MIDNIGHT).plusMinutes(minutes);
            }
            default -> throw new TdsProtocolException("DATETIMN value of length " + valueLength);
        };
    }

    @Override
    public String toString() {
        return length == 8 ? "datetime" : "smalldatetime";
    }
}
