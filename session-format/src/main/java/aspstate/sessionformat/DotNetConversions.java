package aspstate.sessionformat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * The .NET value types whose bytes do not map onto a Java type directly, both ways. Each {@code to...} method is
 * exact or refuses with an {@link IllegalArgumentException} saying why: a value is never rounded on its way to .NET.
 */
final class DotNetConversions {
    private static final long TICKS_PER_SECOND = 10_000_000L;
    private static final long NANOS_PER_TICK = 100;
    /** DateTime ticks count from 0001-01-01T00:00 in the proleptic Gregorian calendar, as java.time does. */
    private static final LocalDateTime TICKS_EPOCH = LocalDateTime.of(1, 1, 1, 0, 0);
    /** DateTime.MaxValue.Ticks: 9999-12-31T23:59:59.9999999. */
    private static final long MAX_DATE_TIME_TICKS = 3_155_378_975_999_999_999L;
    /** DateTime.ToBinary keeps the DateTimeKind in the top two bits; they are not part of the instant. */
    private static final long TICKS_MASK = 0x3FFF_FFFF_FFFF_FFFFL;
    /** Decimal flags: bits 16-23 the scale, bit 31 the sign; .NET refuses any other bit. */
    private static final int DECIMAL_UNUSED_FLAG_BITS = 0x7F00_FFFF;

    private static final int DECIMAL_MAX_SCALE = 28;
    private static final int DECIMAL_MAGNITUDE_BITS = 96;
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private DotNetConversions() {}

    /** DateTime(ticks), as a local date-time (the Kind is not stored). */
    static LocalDateTime dateTime(long rawTicks) {
        long ticks = rawTicks & TICKS_MASK;
        if (ticks > MAX_DATE_TIME_TICKS) {
            throw new BlobFormatException("DateTime ticks " + ticks + " are past 9999-12-31");
        }
        return TICKS_EPOCH.plusSeconds(ticks / TICKS_PER_SECOND).plusNanos(ticks % TICKS_PER_SECOND * NANOS_PER_TICK);
    }

    static long dateTimeTicks(LocalDateTime value) {
        if (value.getYear() < 1 || value.getYear() > 9999) {
            throw new IllegalArgumentException(value + " is outside a .NET DateTime's years 1-9999");
        }
        if (value.getNano() % NANOS_PER_TICK != 0) {
            throw new IllegalArgumentException(value + " is finer than a .NET DateTime's 100 ns ticks");
        }
        long seconds = ChronoUnit.SECONDS.between(TICKS_EPOCH, value);
        return seconds * TICKS_PER_SECOND + value.getNano() / NANOS_PER_TICK;
    }

    /** TimeSpan(ticks): any long is a TimeSpan, and a Duration holds every one. */
    static Duration timeSpan(long ticks) {
        return Duration.ofSeconds(
                Math.floorDiv(ticks, TICKS_PER_SECOND), Math.floorMod(ticks, TICKS_PER_SECOND) * NANOS_PER_TICK);
    }

    static long timeSpanTicks(Duration value) {
        if (value.getNano() % NANOS_PER_TICK != 0) {
            throw new IllegalArgumentException(value + " is finer than a .NET TimeSpan's 100 ns ticks");
        }
        BigInteger ticks = BigInteger.valueOf(value.getSeconds())
                .multiply(BigInteger.valueOf(TICKS_PER_SECOND))
                .add(BigInteger.valueOf(value.getNano() / NANOS_PER_TICK));
        if (ticks.compareTo(LONG_MIN) < 0 || ticks.compareTo(LONG_MAX) > 0) {
            throw new IllegalArgumentException(value + " is longer than a .NET TimeSpan holds");
        }
        return ticks.longValueExact();
    }

    /** new Decimal(int[] {lo, mid, hi, flags}), which refuses flags other than a sign and a scale of 0-28. */
    static BigDecimal decimal(int lo, int mid, int hi, int flags) {
        int scale = (flags >>> 16) & 0xFF;
        if ((flags & DECIMAL_UNUSED_FLAG_BITS) != 0 || scale > DECIMAL_MAX_SCALE) {
            throw new BlobFormatException(
                    String.format("Decimal flags 0x%08X are not a sign and a scale of 0-28", flags));
        }
        byte[] magnitude = new byte[12];
        int[] bigEndianWords = {hi, mid, lo};
        for (int word = 0; word < 3; word++) {
            for (int b = 0; b < 4; b++) {
                magnitude[word * 4 + b] = (byte) (bigEndianWords[word] >>> (24 - 8 * b));
            }
        }
        BigDecimal value = new BigDecimal(new BigInteger(1, magnitude), scale);
        return flags < 0 ? value.negate() : value;
    }

    /** Decimal.GetBits: {lo, mid, hi, flags}, keeping the scale (1.50 stays 1.50, as .NET keeps it). */
    static int[] decimalBits(BigDecimal value) {
        BigDecimal exact = value;
        if (exact.scale() < 0) {
            exact = exact.setScale(0);
        }
        if (exact.scale() > DECIMAL_MAX_SCALE) {
            BigDecimal stripped = exact.stripTrailingZeros();
            if (stripped.scale() > DECIMAL_MAX_SCALE) {
                throw new IllegalArgumentException(value + " has more than the 28 decimal places a .NET Decimal holds");
            }
            exact = stripped.scale() < 0 ? stripped.setScale(0) : stripped;
        }
        BigInteger magnitude = exact.unscaledValue().abs();
        if (magnitude.bitLength() > DECIMAL_MAGNITUDE_BITS) {
            throw new IllegalArgumentException(value + " has more digits than the 96 bits of a .NET Decimal");
        }
        int flags = exact.scale() << 16 | (exact.signum() < 0 ? 0x8000_0000 : 0);
        return new int[] {
            magnitude.intValue(),
            magnitude.shiftRight(32).intValue(),
            magnitude.shiftRight(64).intValue(),
            flags
        };
    }

    /** new Guid(bytes) from Guid.ToByteArray's order, whose first three fields are little-endian. */
    static UUID guid(byte[] bytes) {
        long data1 = (bytes[0] & 0xFFL) | (bytes[1] & 0xFFL) << 8 | (bytes[2] & 0xFFL) << 16 | (bytes[3] & 0xFFL) << 24;
        long data2 = (bytes[4] & 0xFFL) | (bytes[5] & 0xFFL) << 8;
        long data3 = (bytes[6] & 0xFFL) | (bytes[7] & 0xFFL) << 8;
        long low = 0;
        for (int i = 8; i < 16; i++) {
            low = low << 8 | (bytes[i] & 0xFF);
        }
        // A Guid and a UUID print their fields in the same order, so both print the same text.
        return new UUID(data1 << 32 | data2 << 16 | data3, low);
    }

    static byte[] guidBytes(UUID value) {
        long high = value.getMostSignificantBits();
        long low = value.getLeastSignificantBits();
        byte[] bytes = new byte[16];
        int data1 = (int) (high >>> 32);
        for (int i = 0; i < 4; i++) {
            bytes[i] = (byte) (data1 >>> 8 * i);
        }
        bytes[4] = (byte) (high >>> 16);
        bytes[5] = (byte) (high >>> 24);
        bytes[6] = (byte) high;
        bytes[7] = (byte) (high >>> 8);
        for (int i = 0; i < 8; i++) {
            bytes[8 + i] = (byte) (low >>> 8 * (7 - i));
        }
        return bytes;
    }
}
