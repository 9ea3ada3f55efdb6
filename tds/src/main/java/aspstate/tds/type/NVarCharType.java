package aspstate.tds.type;

import aspstate.tds.wire.Utf16;
import io.netty.buffer.ByteBuf;

/**
 * NVARCHAR (0xE7, [MS-TDS] 2.2.5.4.3): UTF-16LE text; TYPE_INFO holds the maximum length in bytes (0xFFFF for
 * nvarchar(max), then values are PLP) and a collation.
 */
public final class NVarCharType implements TdsType<String> {
    public static final int TYPE = 0xE7;
    public static final NVarCharType MAX = new NVarCharType(VariableBytes.MAX);

    private final int maxBytes;

    private NVarCharType(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** nvarchar(n): at most n characters, 1 <= n <= 4000. */
    public static NVarCharType ofCharacters(int maxCharacters) {
        return new NVarCharType(maxCharacters * 2);
    }

    static NVarCharType readTypeInfo(ByteBuf in) {
        NVarCharType type = new NVarCharType(in.readUnsignedShortLE());
        Collation.skip(in);
        return type;
    }

    @Override
    public Class<String> javaType() {
        return String.class;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(TYPE).writeShortLE(maxBytes);
        Collation.write(out);
    }

    @Override
    public TdsType<String> beforeTds72() {
        return maxBytes == VariableBytes.MAX ? TextPointerType.NTEXT : this;
    }

    @Override
    public void writeValue(ByteBuf out, String value) {
        VariableBytes.write(out, maxBytes, value == null ? null : Utf16.encode(value));
    }

    @Override
    public String readValue(ByteBuf in) {
        byte[] bytes = VariableBytes.read(in, maxBytes);
        return bytes == null ? null : Utf16.decode(bytes);
    }

    @Override
    public String toString() {
        return maxBytes == VariableBytes.MAX ? "nvarchar(max)" : "nvarchar(" + maxBytes / 2 + ")";
    }
}
