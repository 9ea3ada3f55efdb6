package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;

/**
 * The date-and-time part datetime2 and datetimeoffset share ([MS-TDS] 2.2.5.4.3): the time as a count of
 * 10^-scale seconds since midnight in 3, 4 or 5 bytes by scale (0-7 fractional digits), then the date as 3 bytes of
 * days since 0001-01-01.
 */
final class DateTime2Encoding {
    static final int MAX_SCALE = 7;
    private static final int DATE_LENGTH = 3;
    private static final LocalDate FIRST_DAY = LocalDate.of(1, 1, 1);
    /** 9999-12-31, the last day both types have. */
    private static final int LAST_DAY = 3_652_058;

    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private final int scale;

    DateTime2Encoding(int scale) {
        this.scale = scale;
    }

    /** Reads a TYPE_INFO's scale byte. */
    static int readScale(ByteBuf in, String type) {
        int scale = in.readUnsignedByte();
        if (scale > MAX_SCALE) {
            throw new TdsProtocolException(type + " of scale " + scale + "; at most " + MAX_SCALE + " exists");
        }
        return scale;
    }

    int scale() {
        return scale;
    }

    /** The bytes of the date and time, without a length byte. */
    int length() {
        return timeLength() + DATE_LENGTH;
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

    /** Truncates below the scale's precision. */
    void write(ByteBuf out, LocalDateTime value) {
        long units = value.toLocalTime().toNanoOfDay() / nanosPerUnit();
        for (int i = 0; i < timeLength(); i++) {
            out.writeByte((int) (units >>> (8 * i)));
        }
        out.writeMediumLE((int) ChronoUnit.DAYS.between(FIRST_DAY, value.toLocalDate()));
    }

    LocalDateTime read(ByteBuf in, String type) {
        long units = 0;
        for (int i = 0; i < timeLength(); i++) {
            units |= (long) in.readUnsignedByte() << (8 * i);
        }
        int days = in.readUnsignedMediumLE();
        long nanoOfDay = units * nanosPerUnit();
        // The time field holds up to 30 hours and the date field up to year 45,000: neither is a datetime2.
        if (nanoOfDay >= NANOS_PER_DAY || days > LAST_DAY) {
            throw new TdsProtocolException(type + " of day " + days + " and time " + units + " x 10^-" + scale
                    + " s is outside 0001-01-01 to 9999-12-31 23:59:59.9999999");
        }
        return FIRST_DAY.plusDays(days).atTime(LocalTime.ofNanoOfDay(nanoOfDay));
    }
}
