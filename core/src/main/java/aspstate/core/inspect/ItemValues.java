package aspstate.core.inspect;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;

/** Values as AltSerialization writes them: a type tag byte, then a payload whose form the tag fixes. */
final class ItemValues {

    /** A value read from its span; objectType is set for an Object whose class name was found. */
    record DecodedValue(ValueType type, String value, String objectType) {
    }

    private ItemValues() {
    }

    /** The value that fills the span exactly, as the offsets table promises; nothing more or less. */
    static DecodedValue decode(BlobReader span) {
        ValueType type = tag(span);
        // An Object's BinaryFormatter stream has no length of its own: it takes the rest of the span.
        String objectType = type == ValueType.OBJECT ? NrbfTypeName.of(span.rest("its BinaryFormatter stream")) : null;
        String value = payload(type, span, span.remaining());
        if (span.remaining() != 0) {
            throw new BlobFormatException("its " + type.dotNetName + " value ends at byte " + span.position() + ", "
                    + span.remaining() + " bytes before its span does");
        }
        return new DecodedValue(type, value, objectType);
    }

    /**
     * Skips a static object's instance value, which has no span around it: only a value whose size follows from
     * its tag and bytes can be skipped.
     */
    static void skipUnbounded(BlobReader in) {
        int at = in.position();
        ValueType type = tag(in);
        if (type == ValueType.OBJECT || type == ValueType.INT_PTR || type == ValueType.UINT_PTR) {
            throw new BlobFormatException("the " + type.dotNetName + " value at byte " + at
                    + " has no recorded size, so what follows it cannot be found");
        }
        payload(type, in, 0);
    }

    private static ValueType tag(BlobReader in) {
        int at = in.position();
        int tag = in.u8("its type tag");
        ValueType type = ValueType.ofTag(tag);
        if (type == null) {
            throw new BlobFormatException("unknown type tag " + tag + " at byte " + at);
        }
        return type;
    }

    /** @param pointerSize the bytes of an IntPtr or UIntPtr: 4 or 8, as the writing process's bitness was */
    private static String payload(ValueType type, BlobReader in, int pointerSize) {
        String what = "its " + type.dotNetName + " value";
        return switch (type) {
            case STRING -> in.string(what);
            case INT32 -> Integer.toString(in.int32(what));
            case BOOLEAN -> Boolean.toString(in.bool(what));
            case DATE_TIME -> DotNetValues.dateTime(in.int64(what));
            case DECIMAL -> DotNetValues.decimal(in.int32(what), in.int32(what), in.int32(what), in.int32(what));
            case BYTE -> Integer.toString(in.u8(what));
            case CHAR -> utf8Char(in, what);
            case SINGLE -> Float.toString(Float.intBitsToFloat(in.int32(what)));
            case DOUBLE -> Double.toString(Double.longBitsToDouble(in.int64(what)));
            case SBYTE -> Integer.toString((byte) in.u8(what));
            case INT16 -> Short.toString(in.int16(what));
            case INT64 -> Long.toString(in.int64(what));
            case UINT16 -> Integer.toString(Short.toUnsignedInt(in.int16(what)));
            case UINT32 -> Integer.toUnsignedString(in.int32(what));
            case UINT64 -> Long.toUnsignedString(in.int64(what));
            case TIME_SPAN -> DotNetValues.timeSpan(in.int64(what));
            case GUID -> DotNetValues.guid(in.bytes(16, what));
            case INT_PTR -> Long.toString(pointer(in, pointerSize, what));
            case UINT_PTR -> pointerSize == 4
                    ? Integer.toUnsignedString((int) pointer(in, pointerSize, what))
                    : Long.toUnsignedString(pointer(in, pointerSize, what));
            case OBJECT, NULL -> null;
        };
    }

    private static long pointer(BlobReader in, int size, String what) {
        return switch (size) {
            case 4 -> in.int32(what);
            case 8 -> in.int64(what);
            default -> throw new BlobFormatException(what + " at byte " + in.position() + " has " + size
                    + " bytes; a pointer has 4 or 8");
        };
    }

    /** BinaryWriter.Write(char) writes the char's UTF-8 bytes: 1 to 3 of them, as the first one says. */
    private static String utf8Char(BlobReader in, String what) {
        int at = in.position();
        int lead = in.u8(what);
        int length = lead < 0x80 ? 1 : lead >= 0xC2 && lead < 0xE0 ? 2 : lead >= 0xE0 && lead < 0xF0 ? 3 : 0;
        if (length == 0) {
            throw new BlobFormatException(String.format("byte 0x%02X at byte %d does not start a UTF-8 char", lead,
                    at));
        }
        byte[] bytes = new byte[length];
        bytes[0] = (byte) lead;
        System.arraycopy(in.bytes(length - 1, what), 0, bytes, 1, length - 1);
        try {
            return UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new BlobFormatException("the Char at byte " + at + " is not UTF-8");
        }
    }
}
