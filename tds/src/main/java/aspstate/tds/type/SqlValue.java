package aspstate.tds.type;

import io.netty.buffer.ByteBuf;

/**
 * A typed value: what an RPC parameter carries and what a RETURNVALUE sends back. The Java value is one of
 * Integer/Long, Double, Boolean, byte[], String, LocalDateTime, OffsetDateTime, or null for NULL, as its type reads
 * it.
 */
public record SqlValue(TdsType<?> type, Object value) {
    public SqlValue {
        if (value != null && !type.javaType().isInstance(value)) {
            throw new IllegalArgumentException(
                    type + " cannot hold a " + value.getClass().getSimpleName());
        }
    }

    /** Reads a value of {@code type} as an RPC parameter carries it. */
    public static SqlValue read(TdsType<?> type, ByteBuf in) {
        return new SqlValue(type, type.readValue(in));
    }

    public void writeValue(ByteBuf out) {
        write(type, out, value);
    }

    private static <T> void write(TdsType<T> type, ByteBuf out, Object value) {
        type.writeValue(out, type.javaType().cast(value));
    }
}
