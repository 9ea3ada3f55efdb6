package aspstate.tds.type;

import io.netty.buffer.ByteBuf;

/**
 * INTN (0x26, [MS-TDS] 2.2.5.4.2): tinyint, smallint, int or bigint by its length (1, 2, 4, 8), nullable. Values
 * carry a length byte: 0 for NULL, else the type's length, then the integer little-endian.
 */
public final class IntNType implements TdsType<Number> {
    public static final int TYPE = 0x26;
    public static final IntNType TINYINT = new IntNType(1);
    public static final IntNType SMALLINT = new IntNType(2);
    public static final IntNType INT = new IntNType(4);
    public static final IntNType BIGINT = new IntNType(8);

    private final int length;

    private IntNType(int length) {
        this.length = length;
    }

    @Override
    public Class<Number> javaType() {
        return Number.class;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(TYPE).writeByte(length);
    }

    @Override
    public void writeValue(ByteBuf out, Number value) {
        if (value == null) {
            out.writeByte(0);
            return;
        }
        out.writeByte(length);
        switch (length) {
            case 1 -> out.writeByte(value.intValue());
            case 2 -> out.writeShortLE(value.intValue());
            case 4 -> out.writeIntLE(value.intValue());
            default -> out.writeLongLE(value.longValue());
        }
    }
}
