package aspstate.tds.type;

import aspstate.tds.wire.TdsProtocolException;
import io.netty.buffer.ByteBuf;

/**
 * FLTN (0x6D, [MS-TDS] 2.2.5.4.2): a nullable real (length 4) or float (length 8), IEEE 754 little-endian. SqlClient
 * sends a double as float, as ASP.NET Core's SQL Server cache sends its sliding expiration in seconds. Reads give a
 * Double either way.
 */
public final class FltNType implements TdsType<Double> {
    public static final int TYPE = 0x6D;
    public static final FltNType REAL = new FltNType(4);
    public static final FltNType FLOAT = new FltNType(8);

    private final int length;

    private FltNType(int length) {
        this.length = length;
    }

    static FltNType readTypeInfo(ByteBuf in) {
        int length = in.readUnsignedByte();
        return switch (length) {
            case 4 -> REAL;
            case 8 -> FLOAT;
            default -> throw new TdsProtocolException("FLTN of length " + length + "; only 4 and 8 exist");
        };
    }

    @Override
    public Class<Double> javaType() {
        return Double.class;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(TYPE).writeByte(length);
    }

    @Override
    public void writeValue(ByteBuf out, Double value) {
        if (value == null) {
            out.writeByte(0);
        } else if (length == 4) {
            out.writeByte(length).writeFloatLE(value.floatValue());
        } else {
            out.writeByte(length).writeDoubleLE(value);
        }
    }

    @Override
    public Double readValue(ByteBuf in) {
        int valueLength = in.readUnsignedByte();
        if (valueLength != 0 && valueLength != length) {
            throw new TdsProtocolException("FLTN value of length " + valueLength + " in a type of length " + length);
        }
        return switch (valueLength) {
            case 0 -> null;
            case 4 -> (double) in.readFloatLE();
            default -> in.readDoubleLE();
        };
    }

    @Override
    public String toString() {
        return length == 4 ? "real" : "float";
    }
}
