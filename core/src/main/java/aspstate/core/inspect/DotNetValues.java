package aspstate.core.inspect;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/** Text for the .NET value types whose bytes do not map onto a Java type directly. */
final class DotNetValues {
    private static final long TICKS_PER_SECOND = 10_000_000L;
    private static final long SECONDS_PER_DAY = 86_400L;
    /** DateTime ticks count from 0001-01-01T00:00 in the proleptic Gregorian calendar, as java.time does. */
    private static final LocalDateTime TICKS_EPOCH = LocalDateTime.of(1, 1, 1, 0, 0);
    /** DateTime.MaxValue.Ticks: 9999-12-31T23:59:59.9999999. */
    private static final long MAX_DATE_TIME_TICKS = 3_155_378_975_999_999_999L;
    /** DateTime.ToBinary keeps the DateTimeKind in the top two bits; they are not part of the instant. */
    private static final long TICKS_MASK = 0x3FFF_FFFF_FFFF_FFFFL;
    /** Decimal flags: bits 16-23 the scale, bit 31 the sign; .NET refuses any other bit. */
    private static final int DECIMAL_UNUSED_FLAG_BITS = 0x7F00_FFFF;
    private static final int DECIMAL_MAX_SCALE = 28;

    private DotNetValues() {
    }

    /** Exactly, with as many decimals as the scale says (1.50 stays 1.50, as .NET prints it). */
    static String decimal(int lo, int mid, int hi, int flags) {
        int scale = (flags >>> 16) & 0xFF;
        if ((flags & DECIMAL_UNUSED_FLAG_BITS) != 0 || scale > DECIMAL_MAX_SCALE) {
            throw new BlobFormatException(String.format("Decimal flags 0x%08X are not a sign and a scale of 0-28",
                    flags));
        }
        byte[] magnitude = new byte[12];
        int[] bigEndianWords = {hi, mid, lo};
        for (int word = 0; word < 3; word++) {
            for (int b = 0; b < 4; b++) {
                magnitude[word * 4 + b] = (byte) (bigEndianWords[word] >>> (24 - 8 * b));
            }
        }
        BigDecimal value = new BigDecimal(new BigInteger(1, magnitude), scale);
        return (flags < 0 ? value.negate() : value).toPlainString();
    }

    /** ISO-8601 local date-time (the Kind is not stored), to the 100 ns tick: 2024-05-01T12:30:00.1234567. */
    static String dateTime(long rawTicks) {
        long ticks = rawTicks & TICKS_MASK;
        if (ticks > MAX_DATE_TIME_TICKS) {
            throw new BlobFormatException("DateTime ticks " + ticks + " are past 9999-12-31");
        }
        return TICKS_EPOCH.plusSeconds(ticks / TICKS_PER_SECOND)
                .plusNanos(ticks % TICKS_PER_SECOND * 100)
                .format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    }

    /** As .NET's TimeSpan.ToString() ("c"): [-][d.]hh:mm:ss[.fffffff]. */
    static String timeSpan(long ticks) {
        // Negating Long.MIN_VALUE leaves it as it is, which read unsigned is its magnitude.
        long magnitude = ticks < 0 ? -ticks : ticks;
        long totalSeconds = Long.divideUnsigned(magnitude, TICKS_PER_SECOND);
        long fraction = Long.remainderUnsigned(magnitude, TICKS_PER_SECOND);
        long days = totalSeconds / SECONDS_PER_DAY;
        long secondOfDay = totalSeconds % SECONDS_PER_DAY;
        StringBuilder text = new StringBuilder(ticks < 0 ? "-" : "");
        if (days != 0) {
            text.append(days).append('.');
        }
        text.append(String.format("%02d:%02d:%02d", secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60));
        if (fraction != 0) {
            text.append(String.format(".%07d", fraction));
        }
        return text.toString();
    }

    /** Guid.ToString() of the 16 bytes of Guid.ToByteArray(), whose first three fields are little-endian. */
    static String guid(byte[] bytes) {
        HexFormat hex = HexFormat.of();
        int data1 = (bytes[0] & 0xFF) | (bytes[1] & 0xFF) << 8 | (bytes[2] & 0xFF) << 16 | (bytes[3] & 0xFF) << 24;
        short data2 = (short) ((bytes[4] & 0xFF) | (bytes[5] & 0xFF) << 8);
        short data3 = (short) ((bytes[6] & 0xFF) | (bytes[7] & 0xFF) << 8);
        return hex.toHexDigits(data1) + "-" + hex.toHexDigits(data2) + "-" + hex.toHexDigits(data3) + "-"
                + hex.formatHex(bytes, 8, 10) + "-" + hex.formatHex(bytes, 10, 16);
    }
}
