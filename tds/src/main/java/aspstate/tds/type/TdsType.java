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

    /** Writes {@code value}, or NULL when it is null, as a ROW or RETURNVALUE carries it. */
    void writeValue(ByteBuf out, T value);

    /** Reads a value as an RPC parameter carries it; null for NULL. */
    T readValue(ByteBuf in);
}
