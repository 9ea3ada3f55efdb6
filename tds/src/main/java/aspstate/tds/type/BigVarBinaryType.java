package aspstate.tds.type;

import io.netty.buffer.ByteBuf;

/**
 * BIGVARBINARY (0xA5, [MS-TDS] 2.2.5.4.3): varbinary(n) with a 2-byte maximum length, or varbinary(max) when the
 * maximum is 0xFFFF, whose values travel as PLP.
 */
public final class BigVarBinaryType implements TdsType<byte[]> {
    public static final int TYPE = 0xA5;
    public static final BigVarBinaryType MAX = new BigVarBinaryType(VariableBytes.MAX);

    private final int maxLength;

    private BigVarBinaryType(int maxLength) {
        this.maxLength = maxLength;
    }

    /** varbinary(n), 1 <= n <= 8000. */
    public static BigVarBinaryType of(int maxLength) {
        return new BigVarBinaryType(maxLength);
    }

    static BigVarBinaryType readTypeInfo(ByteBuf in) {
        return new BigVarBinaryType(in.readUnsignedShortLE());
    }

    @Override
    public Class<byte[]> javaType() {
        return byte[].class;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(TYPE).writeShortLE(maxLength);
    }

    @Override
    public TdsType<byte[]> beforeTds72() {
        return maxLength == VariableBytes.MAX ? TextPointerType.IMAGE : this;
    }

    @Override
    public void writeValue(ByteBuf out, byte[] value) {
        VariableBytes.write(out, maxLength, value);
    }

    @Override
    public byte[] readValue(ByteBuf in) {
        return VariableBytes.read(in, maxLength);
    }

    @Override
    public String toString() {
        return maxLength == VariableBytes.MAX ? "varbinary(max)" : "varbinary(" + maxLength + ")";
    }
}
