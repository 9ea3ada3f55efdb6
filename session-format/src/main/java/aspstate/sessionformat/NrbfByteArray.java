package aspstate.sessionformat;

/**
 * A {@code byte[]} as .NET's BinaryFormatter writes it ([MS-NRBF]): a SerializationHeader record (root id 1, header
 * id -1, version 1.0), one ArraySinglePrimitive record of PrimitiveType Byte holding the bytes, and MessageEnd.
 * AltSerialization has no type id for arrays, so .NET stores a {@code byte[]} this way; Java reads and writes it
 * as a {@code byte[]}, and any other stream stays a {@link DotNetObject}.
 */
final class NrbfByteArray {
    private static final int SERIALIZATION_HEADER = 0;
    private static final int ARRAY_SINGLE_PRIMITIVE = 15;
    private static final int MESSAGE_END = 11;
    private static final int PRIMITIVE_BYTE = 2;
    private static final int OBJECT_ID = 1;
    private static final int HEADER_ID = -1;
    private static final int MAJOR_VERSION = 1;
    private static final int MINOR_VERSION = 0;
    /** Everything but the bytes themselves. */
    static final int OVERHEAD_BYTES = 1 + 4 * 4 + 1 + 4 + 4 + 1 + 1;

    private NrbfByteArray() {}

    static void write(byte[] value, DotNetBinaryWriter out) {
        out.u8(SERIALIZATION_HEADER)
                .int32(OBJECT_ID)
                .int32(HEADER_ID)
                .int32(MAJOR_VERSION)
                .int32(MINOR_VERSION)
                .u8(ARRAY_SINGLE_PRIMITIVE)
                .int32(OBJECT_ID)
                .int32(value.length)
                .u8(PRIMITIVE_BYTE)
                .bytes(value)
                .u8(MESSAGE_END);
    }

    /** @return the bytes when {@code stream} is exactly a byte array in this form, otherwise null */
    static byte[] read(byte[] stream) {
        if (stream.length < OVERHEAD_BYTES) {
            return null;
        }
        BlobReader in = new BlobReader(stream, 0, "the stream");
        if (in.u8("") != SERIALIZATION_HEADER) {
            return null;
        }
        int rootId = in.int32("");
        if (in.int32("") != HEADER_ID
                || in.int32("") != MAJOR_VERSION
                || in.int32("") != MINOR_VERSION
                || in.u8("") != ARRAY_SINGLE_PRIMITIVE
                || in.int32("") != rootId) {
            return null;
        }
        int length = in.int32("");
        if (in.u8("") != PRIMITIVE_BYTE || length != stream.length - OVERHEAD_BYTES) {
            return null;
        }
        byte[] bytes = in.bytes(length, "");
        return in.u8("") == MESSAGE_END ? bytes : null;
    }
}
