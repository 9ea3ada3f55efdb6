package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;

/**
 * INTN (0x26, [MS-TDS] 2.2.5.4.2): tinyint, smallint, int or bigint by its length (1, 2, 4, 8), nullable. Values
 * carry a length byte: 0 for NULL, else the type's length, then the integer little-endian. Reads give an Integer,
 * or a Long for bigint.
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

    static IntNType readTypeInfo(ByteBuf in) {
        int length = in.readUnsignedByte();
        return switch (length) {
            case 1 -> TINYINT;
            case 2 -> SMALLINT;
            case 4 -> INT;
            case 8 -> BIGINT;
            default -> throw new TdsProtocolException("INTN of length " + length + "; only 1, 2, 4 and 8 exist");
        };
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

    @Override
    public Number readValue(ByteBuf in) {
        int valueLength = in.readUnsignedByte();
        // A value wider than its declared type would reach a procedure as a Long where it expects an int.
        if (valueLength != 0 && valueLength != length) {
            throw new TdsProtocolException("INTN value of length " + valueLength + " in a type of length " + length);
        }
        // tinyint is unsigned; the wider ones are signed.
        return switch (valueLength) {
            case 0 -> null;
            case 1 -> (int) in.readUnsignedByte();
            case 2 -> (int) in.readShortLE();
            case 4 -> in.readIntLE();
            case 8 -> in.readLongLE();
            default -> throw new TdsProtocolException("INTN value of length " + valueLength);
        };
    }

    @Override
    public String toString() {
        return "INTN(" + length + ")";
    }
}
