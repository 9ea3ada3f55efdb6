package aspstate.tds.token;

import aspstate.tds.type.TdsType;
import io.netty.buffer.ByteBuf;

/**
 * One result column: its name, its type, whether it may be NULL.
 *
 * @param <T> the Java values its type writes
 */
public record Column<T>(String name, TdsType<T> type, boolean nullable) {
    /** Writes a value of this column; the values of a row come untyped, so the cast is checked here. */
    void writeValue(ByteBuf out, Object value) {
        type.writeValue(out, value == null ? null : type.javaType().cast(value));
    }
}
