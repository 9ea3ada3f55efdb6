package aspstate.core.inspect;

/** The type tags of ASP.NET's AltSerialization (docs/spec/session-blob-format.md, "Items"). */
enum ValueType {
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

    private static final ValueType[] BY_TAG = new ValueType[NULL.tag + 1];

    static {
        for (ValueType type : values()) {
            BY_TAG[type.tag] = type;
        }
    }

    final int tag;
    final String dotNetName;

    ValueType(int tag, String dotNetName) {
        this.tag = tag;
        this.dotNetName = dotNetName;
    }

    /** @return the type, or null if no type has this tag */
    static ValueType ofTag(int tag) {
        return tag < BY_TAG.length ? BY_TAG[tag] : null;
    }
}
