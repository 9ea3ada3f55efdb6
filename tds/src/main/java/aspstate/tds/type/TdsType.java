package aspstate.tds.type;

import io.netty.buffer.ByteBuf;

/**
 * A SQL type on the wire: how COLMETADATA describes it (TYPE_INFO, [MS-TDS] 2.2.5.6) and how a value of it is
 * written in a ROW.
 *
 * @param <T> the Java values it writes
 */
public interface TdsType<T> {
    Class<T> javaType();

    void writeTypeInfo(ByteBuf out);

    /** Writes {@code value}, or NULL when it is null. */
    void writeValue(ByteBuf out, T value);
}
