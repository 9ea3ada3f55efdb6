package aspstate.tds.type;

import io.netty.buffer.ByteBuf;
import java.nio.charset.Charset;

/**
 * BIGVARCHAR (0xA7) and BIGCHAR (0xAF) ([MS-TDS] 2.2.5.4.3): text of one byte per character in the collation's
 * code page, 1252 for this server's collation. The two share their layout (2-byte maximum length, collation,
 * values as BIGVARBINARY's); only the type byte differs, and char(n) is never (max).
 */
public final class SingleByteCharType implements TdsType<String> {
    public static final int VARCHAR = 0xA7;
    public static final int CHAR = 0xAF;
    public static final SingleByteCharType VARCHAR_MAX = varchar(VariableBytes.MAX);
    private static final Charset CODE_PAGE_1252 = Charset.forName("windows-1252");

    private final int type;
    private final int maxLength;

    private SingleByteCharType(int type, int maxLength) {
        this.type = type;
        this.maxLength = maxLength;
    }

    public static SingleByteCharType varchar(int maxLength) {
        return new SingleByteCharType(VARCHAR, maxLength);
    }

    public static SingleByteCharType fixedChar(int length) {
        return new SingleByteCharType(CHAR, length);
    }

    static SingleByteCharType readTypeInfo(int type, ByteBuf in) {
        SingleByteCharType read = new SingleByteCharType(type, in.readUnsignedShortLE());
        Collation.skip(in);
        return read;
    }

    @Override
    public Class<String> javaType() {
        return String.class;
    }

    @Override
    public void writeTypeInfo(ByteBuf out) {
        out.writeByte(type).writeShortLE(maxLength);
        Collation.write(out);
    }

    @Override
    public TdsType<String> beforeTds72() {
        return maxLength == VariableBytes.MAX ? TextPointerType.TEXT : this;
    }

    /** char(n) is padded with spaces to n, as SQL Server stores it. */
    @Override
    public void writeValue(ByteBuf out, String value) {
        String padded = value != null && type == CHAR && value.length() < maxLength
                ? value + " ".repeat(maxLength - value.length())
                : value;
        VariableBytes.write(out, maxLength, padded == null ? null : padded.getBytes(CODE_PAGE_1252));
    }

    @Override
    public String readValue(ByteBuf in) {
        byte[] bytes = VariableBytes.read(in, maxLength);
        return bytes == null ? null : new String(bytes, CODE_PAGE_1252);
    }

    @Override
    public String toString() {
        String name = type == CHAR ? "char" : "varchar";
        return name + (maxLength == VariableBytes.MAX ? "(max)" : "(" + maxLength + ")");
    }
}
