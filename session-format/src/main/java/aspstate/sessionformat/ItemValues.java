package aspstate.sessionformat;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;

/**
 * Reads values as AltSerialization writes them: a type id byte, then a payload whose form the id fixes. Each value
 * becomes its Java counterpart ({@link SessionItems} has the table).
 */
final class ItemValues {

    /** A value read from its span, as its .NET type and its Java value. */
    record DecodedValue(DotNetType type, Object value) {}

    private ItemValues() {}

    /** The value that fills the span exactly, as the offsets table promises; nothing more or less. */
    static DecodedValue decode(BlobReader span) {
        DotNetType type = tag(span);
        Object value;
        if (type == DotNetType.OBJECT) {
            // A BinaryFormatter stream has no length of its own: it takes the rest of the span.
            byte[] stream = span.bytes(span.remaining(), "its BinaryFormatter stream");
            byte[] array = NrbfByteArray.read(stream);
            value = array != null ? array : new DotNetObject(stream);
        } else {
            value = payload(type, span, span.remaining());
        }
        if (span.remaining() != 0) {
            throw new BlobFormatException("its " + type.dotNetName() + " value ends at byte " + span.position() + ", "
                    + span.remaining() + " bytes before its span does");
        }
        return new DecodedValue(type, value);
    }

    /**
     * Skips a static object's instance value, which has no span around it: only a value whose size follows from
     * its tag and bytes can be skipped.
     */
    static void skipUnbounded(BlobReader in) {
        int at = in.position();
        DotNetType type = tag(in);
        if (type == DotNetType.OBJECT || type == DotNetType.INT_PTR || type == DotNetType.UINT_PTR) {
            throw new BlobFormatException("the " + type.dotNetName() + " value at byte " + at
                    + " has no recorded size, so what follows it cannot be found");
        }
        payload(type, in, 0);
    }

    private static DotNetType tag(BlobReader in) {
        int at = in.position();
        int tag = in.u8("its type tag");
        DotNetType type = DotNetType.ofTag(tag);
        if (type == null) {
            throw new BlobFormatException("unknown type tag " + tag + " at byte " + at);
        }
        return type;
    }

    /** @param pointerSize the bytes of an IntPtr or UIntPtr: 4 or 8, as the writing process's bitness was */
    private static Object payload(DotNetType type, BlobReader in, int pointerSize) {
        String what = "its " + type.dotNetName() + " value";
        return switch (type) {
            case STRING -> in.string(what);
            case INT32 -> in.int32(what);
            case BOOLEAN -> in.bool(what);
            case DATE_TIME -> DotNetConversions.dateTime(in.int64(what));
            case DECIMAL -> DotNetConversions.decimal(in.int32(what), in.int32(what), in.int32(what), in.int32(what));
            case BYTE -> DotNetInteger.fromBits(type, in.u8(what), 1);
            case CHAR -> utf8Char(in, what);
            case SINGLE -> Float.intBitsToFloat(in.int32(what));
            case DOUBLE -> Double.longBitsToDouble(in.int64(what));
            case SBYTE -> (byte) in.u8(what);
            case INT16 -> in.int16(what);
            case INT64 -> in.int64(what);
            case UINT16 -> DotNetInteger.fromBits(type, in.int16(what), 2);
            case UINT32 -> DotNetInteger.fromBits(type, in.int32(what), 4);
            case UINT64 -> DotNetInteger.fromBits(type, in.int64(what), 8);
            case TIME_SPAN -> DotNetConversions.timeSpan(in.int64(what));
            case GUID -> DotNetConversions.guid(in.bytes(16, what));
            case INT_PTR, UINT_PTR -> DotNetInteger.fromBits(type, pointer(in, pointerSize, what), pointerSize);
            case OBJECT, NULL -> null;
        };
    }

    private static long pointer(BlobReader in, int size, String what) {
        return switch (size) {
            case 4 -> in.int32(what);
            case 8 -> in.int64(what);
            default ->
                throw new BlobFormatException(
                        what + " at byte " + in.position() + " has " + size + " bytes; a pointer has 4 or 8");
        };
    }

    /** BinaryWriter.Write(char) writes the char's UTF-8 bytes: 1 to 3 of them, as the first one says. */
    private static Character utf8Char(BlobReader in, String what) {
        int at = in.position();
        int lead = in.u8(what);
        int length = lead < 0x80 ? 1 : lead >= 0xC2 && lead < 0xE0 ? 2 : lead >= 0xE0 && lead < 0xF0 ? 3 : 0;
        if (length == 0) {
            throw new BlobFormatException(
                    String.format("byte 0x%02X at byte %d does not start a UTF-8 char", lead, at));
        }
        byte[] bytes = new byte[length];
        bytes[0] = (byte) lead;
        System.arraycopy(in.bytes(length - 1, what), 0, bytes, 1, length - 1);
        try {
            return UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .charAt(0);
        } catch (CharacterCodingException e) {
            throw new BlobFormatException("the Char at byte " + at + " is not UTF-8");
        }
    }
}
