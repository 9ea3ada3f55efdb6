package aspstate.tds.type;

import io.netty.buffer.ByteBuf;

/**
 * A SQL type on the wire: its TYPE_INFO ([MS-TDS] 2.2.5.6), as COLMETADATA, RPC parameters and RETURNVALUE carry
 * it, and the encoding of its values. {@link TypeInfo#read} reads a TYPE_INFO into one of these.
 *
 * @param <T> the Java values it reads and writes
 */
public interface TdsType<T> {
    Class<T> javaType();

    void writeTypeInfo(ByteBuf out);

    /**
     * The table a column of this type comes from, which COLMETADATA names for text, ntext and image columns only
     * ([MS-TDS] 2.2.7.4); null for the other types.
     */
    default String columnTableName() {
        return null;
    }

    /**
     * This type as a TDS 7.1 client gets it. TDS 7.1 has no PLP, so SQL Server sends such a client the (max) types
     * as the legacy large types (varbinary(max) as image, varchar(max) as text, nvarchar(max) as ntext); every other
     * type is the same in both.
     */
    default TdsType<T> beforeTds72() {
        return this;
    }

    /** Writes {@code value}, or NULL when it is null, as a ROW or RETURNVALUE carries it. */
    void writeValue(ByteBuf out, T value);

    /** Reads a value as an RPC parameter carries it; null for NULL. */
    T readValue(ByteBuf in);

    /**
     * Reads a value as a ROW or RETURNVALUE carries it ({@link #writeValue}), which a client reads; the same as a
     * parameter's for every type but the text-pointer ones.
     */
    default T readReturnedValue(ByteBuf in) {
        return readValue(in);
    }
}
