package aspstate.sessionformat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.UUID;

/** Writes a Java value as AltSerialization writes its .NET counterpart: the type id byte, then the payload. */
final class ItemValueWriter {

    private ItemValueWriter() {}

    /** @throws NotADotNetValueException when the value has no exact .NET form */
    static void write(Object value, DotNetBinaryWriter out) {
        try {
            writeValue(value, out);
        } catch (NotADotNetValueException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new NotADotNetValueException(e.getMessage());
        }
    }

    private static void writeValue(Object value, DotNetBinaryWriter out) {
        if (value == null) {
            out.u8(DotNetType.NULL.tag());
        } else if (value instanceof String text) {
            requireWellFormed(text);
            out.u8(DotNetType.STRING.tag()).string(text);
        } else if (value instanceof Integer number) {
            out.u8(DotNetType.INT32.tag()).int32(number);
        } else if (value instanceof Boolean flag) {
            out.u8(DotNetType.BOOLEAN.tag()).bool(flag);
        } else if (value instanceof LocalDateTime dateTime) {
            out.u8(DotNetType.DATE_TIME.tag()).int64(DotNetConversions.dateTimeTicks(dateTime));
        } else if (value instanceof BigDecimal decimal) {
            int[] bits = DotNetConversions.decimalBits(decimal);
            out.u8(DotNetType.DECIMAL.tag())
                    .int32(bits[0])
                    .int32(bits[1])
                    .int32(bits[2])
                    .int32(bits[3]);
        } else if (value instanceof Character c) {
            if (Character.isSurrogate(c)) {
                throw new NotADotNetValueException("a lone surrogate char (U+" + Integer.toHexString(c)
                        + ") is not UTF-8, which .NET writes a Char in");
            }
            out.u8(DotNetType.CHAR.tag()).bytes(String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } else if (value instanceof Float number) {
            out.u8(DotNetType.SINGLE.tag()).int32(Float.floatToRawIntBits(number));
        } else if (value instanceof Double number) {
            out.u8(DotNetType.DOUBLE.tag()).int64(Double.doubleToRawLongBits(number));
        } else if (value instanceof Byte number) {
            out.u8(DotNetType.SBYTE.tag()).u8(number);
        } else if (value instanceof Short number) {
            out.u8(DotNetType.INT16.tag()).int16(number);
        } else if (value instanceof Long number) {
            out.u8(DotNetType.INT64.tag()).int64(number);
        } else if (value instanceof Duration duration) {
            out.u8(DotNetType.TIME_SPAN.tag()).int64(DotNetConversions.timeSpanTicks(duration));
        } else if (value instanceof UUID uuid) {
            out.u8(DotNetType.GUID.tag()).bytes(DotNetConversions.guidBytes(uuid));
        } else if (value instanceof DotNetInteger integer) {
            writeInteger(integer, out);
        } else if (value instanceof byte[] bytes) {
            out.u8(DotNetType.OBJECT.tag());
            NrbfByteArray.write(bytes, out);
        } else if (value instanceof DotNetObject object) {
            out.u8(DotNetType.OBJECT.tag()).bytes(object.streamWithoutCopy());
        } else {
            throw new NotADotNetValueException(
                    value.getClass().getName() + " has no .NET counterpart in ASP.NET's " + "session format");
        }
    }

    private static void writeInteger(DotNetInteger integer, DotNetBinaryWriter out) {
        out.u8(integer.type().tag());
        long bits = integer.bits();
        switch (integer.sizeBytes()) {
            case 1 -> out.u8((int) bits);
            case 2 -> out.int16((int) bits);
            case 4 -> out.int32((int) bits);
            default -> out.int64(bits);
        }
    }

    /** BinaryWriter's UTF-8 encoder throws on a lone surrogate, so .NET never writes one; Java would write '?'. */
    private static void requireWellFormed(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new NotADotNetValueException(
                        "the string has a lone surrogate char at index " + i + ", which UTF-8 cannot hold");
            }
        }
    }
}
