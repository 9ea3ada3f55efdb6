package aspstate.sessionformat;

import java.math.BigInteger;

/**
 * A .NET integer with no Java type of its own: the unsigned Byte, UInt16, UInt32 and UInt64, and the pointer-sized
 * IntPtr and UIntPtr. Kept as its .NET type, so that .NET reads back the type it wrote ({@code (byte)
 * Session["x"]} would fail on an Int16).
 *
 * @param type      {@link DotNetType#BYTE}, {@code UINT16}, {@code UINT32}, {@code UINT64}, {@code INT_PTR} or
 *                  {@code UINT_PTR}
 * @param value     the number, within the type's range
 * @param sizeBytes the bytes it takes: 1, 2, 4 or 8 by its type; 4 or 8 for a pointer, as the writing process's
 *                  bitness was
 */
public record DotNetInteger(DotNetType type, BigInteger value, int sizeBytes) {

    public DotNetInteger {
        boolean signed = type == DotNetType.INT_PTR;
        int expectedSize = switch (type) {
            case BYTE -> 1;
            case UINT16 -> 2;
            case UINT32 -> 4;
            case UINT64 -> 8;
            case INT_PTR, UINT_PTR -> sizeBytes == 4 ? 4 : 8;
            default -> throw new IllegalArgumentException(type.dotNetName() + " is not an integer without a Java type");
        };
        if (sizeBytes != expectedSize) {
            throw new IllegalArgumentException(
                    "a " + type.dotNetName() + " takes " + expectedSize + " bytes, not " + sizeBytes);
        }
        BigInteger min = signed ? BigInteger.ONE.shiftLeft(8 * sizeBytes - 1).negate() : BigInteger.ZERO;
        BigInteger max = signed
                ? BigInteger.ONE.shiftLeft(8 * sizeBytes - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(8 * sizeBytes).subtract(BigInteger.ONE);
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw new IllegalArgumentException(
                    value + " is outside the range of a " + sizeBytes + "-byte " + type.dotNetName());
        }
    }

    /** A .NET Byte, 0-255. */
    public static DotNetInteger ofByte(int value) {
        return new DotNetInteger(DotNetType.BYTE, BigInteger.valueOf(value), 1);
    }

    /** A .NET UInt16, 0-65535. */
    public static DotNetInteger ofUInt16(int value) {
        return new DotNetInteger(DotNetType.UINT16, BigInteger.valueOf(value), 2);
    }

    /** A .NET UInt32, 0-4294967295. */
    public static DotNetInteger ofUInt32(long value) {
        return new DotNetInteger(DotNetType.UINT32, BigInteger.valueOf(value), 4);
    }

    /** A .NET UInt64, 0-18446744073709551615. */
    public static DotNetInteger ofUInt64(BigInteger value) {
        return new DotNetInteger(DotNetType.UINT64, value, 8);
    }

    /** The value's bytes as a two's complement number of {@link #sizeBytes()} bytes. */
    long bits() {
        return value.longValue();
    }

    /** From the bytes read: sign-extended for IntPtr, unsigned for the others. */
    static DotNetInteger fromBits(DotNetType type, long bits, int sizeBytes) {
        BigInteger value;
        if (type == DotNetType.INT_PTR) {
            value = BigInteger.valueOf(sizeBytes == 4 ? (int) bits : bits);
        } else if (sizeBytes == 8) {
            value = new BigInteger(Long.toUnsignedString(bits));
        } else {
            value = BigInteger.valueOf(bits & ((1L << 8 * sizeBytes) - 1));
        }
        return new DotNetInteger(type, value, sizeBytes);
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
