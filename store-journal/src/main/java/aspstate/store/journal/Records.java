package aspstate.store.journal;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The journal's record: {@code crc32c:int length:int seq:long kind:byte store:byte key value}, big-endian. The
 * checksum covers everything after it (length included), so a torn or flipped record never reads as another one;
 * the sequence number, one higher for every record of a journal, tells a record written in its place from garbage.
 */
final class Records {
    /** The checksum and the length in front of every record. */
    static final int FRAME = Integer.BYTES + Integer.BYTES;
    /** Sequence number, kind and store. */
    static final int FIXED_BODY = Long.BYTES + 1 + 1;
    /**
     * No record is longer: a session is bounded by the protocols' own limits (--max-body, TDS's packet assembly),
     * far below this, so a larger length is garbage.
     */
    static final int MAX_BODY = 512 << 20;

    static final byte PUT = 1;
    static final byte METADATA = 2;
    static final byte DELETE = 3;

    private Records() {}

    /** Bytes the record of a put or metadata change takes (a delete: {@code valueSize} 0). */
    static int size(String key, int valueSize) {
        return FRAME + FIXED_BODY + Fields.stringSize(key) + valueSize;
    }

    /**
     * Writes one record at {@code out}'s position, which must have room for {@link #size} bytes; the value (null for
     * a delete) written with {@code codec}.
     */
    static <V> void write(
            ByteBuffer out,
            long seq,
            byte kind,
            StoreKind store,
            String key,
            V value,
            ValueCodec<V> codec,
            boolean withPayload) {
        int start = out.position();
        out.position(start + FRAME);
        out.putLong(seq);
        out.put(kind);
        out.put((byte) store.id());
        Fields.putString(out, key);
        if (value != null) {
            codec.write(value, withPayload, out);
        }
        int end = out.position();
        out.putInt(start + Integer.BYTES, end - start - FRAME);
        out.putInt(start, checksum(out, start + Integer.BYTES, end));
    }

    /** CRC32C of {@code buffer}'s bytes [from, to), its position and limit left as they are. */
    static int checksum(ByteBuffer buffer, int from, int to) {
        CRC32C crc = new CRC32C();
        crc.update(buffer.duplicate().limit(to).position(from));
        return (int) crc.getValue();
    }
}
