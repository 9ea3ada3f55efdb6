package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;

/** BITN (0x68, [MS-TDS] 2.2.5.4.2): a nullable bit; TYPE_INFO length 1, values of length 0 (NULL) or 1. */
public final class BitNType implements TdsType<Boolean> {
    public static final int TYPE = 0x68;
    public static final BitNType BIT = new BitNType();

    private BitNType() {}

    static BitNType readTypeInfo(ByteBuf in) {
        int length = in.readUnsignedByte();
        if (length != 1) {
            throw new TdsProtocolException("BITN of length " + length + "; only 1 exists");
        }
        return BIT;
    }

    @Override
    public Class<Boolean> javaType() {
        return Boolean.class;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(TYPE).writeByte(1);
    }

    @Override
    public void writeValue(ByteBuf out, Boolean value) {
        if (value == null) {
            out.writeByte(0);
        } else {
            out.writeByte(1).writeByte(value ? 1 : 0);
        }
    }

    @Override
    public Boolean readValue(ByteBuf in) {
        int length = in.readUnsignedByte();
        return switch (length) {
            case 0 -> null;
            case 1 -> in.readUnsignedByte() != 0;
            default -> throw new TdsProtocolException("BITN value of length " + length);
        };
    }

    @Override
    public String toString() {
        return "BITN";
    }
}
