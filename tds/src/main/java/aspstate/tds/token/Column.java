package aspstate.tds.token;

import aspstate.tds.type.TdsType;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;

/**
 * One result column: its name, its type, whether it may be NULL.
 *
 * @param <T> the Java values its type writes
 */
public record Column<T>(String name, TdsType<T> type, boolean nullable) {
    /**
     * Writes a value of this column in the type a client of {@code version} gets it in; the values of a row come
     * untyped, so the cast is checked here.
     */
    void writeValue(ByteBuf out, TdsVersion version, Object value) {
        TdsType<T> sent = ClientTypes.of(type, version);
        sent.writeValue(out, value == null ? null : sent.javaType().cast(value));
    }
}
