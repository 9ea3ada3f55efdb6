package aspstate.store.journal;

import java.nio.ByteBuffer;

/**
 * How one kind of stored value is written in journal records, field by field (never Java serialization). A value
 * has a payload (the session's bytes, which a request rarely changes) and metadata (expiry, lock, flags, which
 * nearly every request changes): a change that keeps the payload is logged as its metadata alone.
 *
 * @param <V> the value type
 */
public interface ValueCodec<V> {

    /** True when {@code after} holds the very payload {@code before} holds, so that its metadata says the rest. */
    boolean samePayload(V before, V after);

    /** Bytes {@link #write} takes for the value, with or without its payload. */
    int size(V value, boolean withPayload);

    void write(V value, boolean withPayload, ByteBuffer out);

    /** A value written with its payload. */
    V read(ByteBuffer in);

    /** A value written without its payload: its metadata over the payload of {@code before}. */
    V readMetadata(ByteBuffer in, V before);
}
