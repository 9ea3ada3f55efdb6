package aspstate.sessionformat;

/**
 * The .NET types ASP.NET's AltSerialization writes with a type id byte of their own (docs/spec/session-blob-format.md,
 * "Items"); any other .NET value is an {@link #OBJECT}, a BinaryFormatter stream.
 */
public enum DotNetType {
    STRING(1, "String"),
    INT32(2, "Int32"),
    BOOLEAN(3, "Boolean"),
    DATE_TIME(4, "DateTime"),
    DECIMAL(5, "Decimal"),
    BYTE(6, "Byte"),
    CHAR(7, "Char"),
    SINGLE(8, "Single"),
    DOUBLE(9, "Double"),
    SBYTE(10, "SByte"),
    INT16(11, "Int16"),
    INT64(12, "Int64"),
    UINT16(13, "UInt16"),
    UINT32(14, "UInt32"),
    UINT64(15, "UInt64"),
    TIME_SPAN(16, "TimeSpan"),
    GUID(17, "Guid"),
    INT_PTR(18, "IntPtr"),
    UINT_PTR(19, "UIntPtr"),
    OBJECT(20, "Object"),
    NULL(21, "Null");

    private static final DotNetType[] BY_TAG = new DotNetType[NULL.tag + 1];

    static {
        for (DotNetType type : values()) {
            BY_TAG[type.tag] = type;
        }
    }

    private final int tag;
    private final String dotNetName;

    DotNetType(int tag, String dotNetName) {
        this.tag = tag;
        this.dotNetName = dotNetName;
    }

    /** The type id byte that precedes the value. */
    public int tag() {
        return tag;
    }

    /** The .NET name: "String", "Int32", ..., "Object", "Null". */
    public String dotNetName() {
        return dotNetName;
    }

    /** @return the type, or null if no type has this tag */
    public static DotNetType ofTag(int tag) {
        return tag >= 0 && tag < BY_TAG.length ? BY_TAG[tag] : null;
    }
}
