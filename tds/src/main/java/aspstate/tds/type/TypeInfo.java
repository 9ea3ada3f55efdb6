package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;

/** Reads a TYPE_INFO ([MS-TDS] 2.2.5.6): the type byte picks the codec, which reads the rest of it. */
public final class TypeInfo {
    private TypeInfo() {}

    public static TdsType<?> read(ByteBuf in) {
        int type = in.readUnsignedByte();
        return switch (type) {
            case IntNType.TYPE -> IntNType.readTypeInfo(in);
            case BitNType.TYPE -> BitNType.readTypeInfo(in);
            case DateTimeNType.TYPE -> DateTimeNType.readTypeInfo(in);
            case DateTime2NType.TYPE -> DateTime2NType.readTypeInfo(in);
            case DateTimeOffsetNType.TYPE -> DateTimeOffsetNType.readTypeInfo(in);
            case FltNType.TYPE -> FltNType.readTypeInfo(in);
            case BigVarBinaryType.TYPE -> BigVarBinaryType.readTypeInfo(in);
            case NVarCharType.TYPE -> NVarCharType.readTypeInfo(in);
            case SingleByteCharType.VARCHAR, SingleByteCharType.CHAR -> SingleByteCharType.readTypeInfo(type, in);
            case TextPointerType.IMAGE_TYPE, TextPointerType.TEXT_TYPE, TextPointerType.NTEXT_TYPE ->
                TextPointerType.readTypeInfo(type, in);
            // The value's length depends on the type, so nothing after it can be read: the request is lost.
            default ->
                throw new TdsProtocolException("parameter of TDS type 0x" + Integer.toHexString(type)
                        + ", which this server does not read; session-state clients send int, bit, float, datetime, "
                        + "datetimeoffset, binary and character types");
        };
    }
}
