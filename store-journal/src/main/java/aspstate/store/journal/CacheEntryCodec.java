package aspstate.store.journal;

import aspstate.core.corecache.CacheEntry;
import java.nio.ByteBuffer;

/**
 * ASP.NET Core cache rows: ExpiresAtTime, which of the two nullable columns are there, SlidingExpirationInSeconds and
 * AbsoluteExpiration (0 when NULL), then the Value.
 */
final class CacheEntryCodec implements ValueCodec<CacheEntry> {
    private static final int HAS_SLIDING = 1;
    private static final int HAS_ABSOLUTE = 2;
    private static final int METADATA = Long.BYTES + 1 + Long.BYTES + Long.BYTES;

    @Override
    public boolean samePayload(CacheEntry before, CacheEntry after) {
        return before.value() == after.value();
    }

    @Override
    public int size(CacheEntry value, boolean withPayload) {
        return METADATA + (withPayload ? Fields.bytesSize(value.value()) : 0);
    }

    @Override
    public void write(CacheEntry value, boolean withPayload, ByteBuffer out) {
        out.putLong(value.expiresAtTicks());
        Long sliding = value.slidingExpirationSeconds();
        Long absolute = value.absoluteExpirationTicks();
        out.put((byte) ((sliding != null ? HAS_SLIDING : 0) | (absolute != null ? HAS_ABSOLUTE : 0)));
        out.putLong(sliding != null ? sliding : 0);
        out.putLong(absolute != null ? absolute : 0);
        if (withPayload) {
            Fields.putBytes(out, value.value());
        }
    }

    @Override
    public CacheEntry read(ByteBuffer in) {
        Metadata metadata = new Metadata(in);
        byte[] value = Fields.getBytes(in);
        if (value == null) {
            throw new CorruptRecordException("a cache entry without its Value");
        }
        return metadata.with(value);
    }

    @Override
    public CacheEntry readMetadata(ByteBuffer in, CacheEntry before) {
        return new Metadata(in).with(before.value());
    }

    /** The fields before the Value, read in their order. */
    private static final class Metadata {
        private final long expiresAtTicks;
        private final Long slidingSeconds;
        private final Long absoluteTicks;

        Metadata(ByteBuffer in) {
            expiresAtTicks = in.getLong();
            int present = in.get();
            long sliding = in.getLong();
            long absolute = in.getLong();
            slidingSeconds = (present & HAS_SLIDING) != 0 ? sliding : null;
            absoluteTicks = (present & HAS_ABSOLUTE) != 0 ? absolute : null;
        }

        CacheEntry with(byte[] value) {
            return new CacheEntry(value, expiresAtTicks, slidingSeconds, absoluteTicks);
        }
    }
}
