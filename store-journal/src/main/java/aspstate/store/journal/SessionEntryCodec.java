package aspstate.store.journal;

import aspstate.core.stateserver.SessionEntry;
import java.nio.ByteBuffer;

/** StateServer sessions: flags, timeout, expiry, lock time and cookie, then the data. */
final class SessionEntryCodec implements ValueCodec<SessionEntry> {
    private static final int LOCKED = 1;
    private static final int UNINITIALIZED = 2;
    private static final int METADATA = 1 + Integer.BYTES + Long.BYTES + Long.BYTES + Integer.BYTES;

    @Override
    public boolean samePayload(SessionEntry before, SessionEntry after) {
        return before.data() == after.data();
    }

    @Override
    public int size(SessionEntry value, boolean withPayload) {
        return METADATA + (withPayload ? Fields.bytesSize(value.data()) : 0);
    }

    @Override
    public void write(SessionEntry value, boolean withPayload, ByteBuffer out) {
        out.put((byte) ((value.locked() ? LOCKED : 0) | (value.uninitialized() ? UNINITIALIZED : 0)));
        out.putInt(value.timeoutMinutes());
        out.putLong(value.expiresAtMillis());
        out.putLong(value.lockedAtMillis());
        out.putInt(value.lockCookie());
        if (withPayload) {
            Fields.putBytes(out, value.data());
        }
    }

    @Override
    public SessionEntry read(ByteBuffer in) {
        Metadata metadata = new Metadata(in);
        byte[] data = Fields.getBytes(in);
        if (data == null) {
            throw new CorruptRecordException("a StateServer session without data");
        }
        return metadata.with(data);
    }

    @Override
    public SessionEntry readMetadata(ByteBuffer in, SessionEntry before) {
        return new Metadata(in).with(before.data());
    }

    /** The fields before the data, read in their order. */
    private static final class Metadata {
        private final int flags;
        private final int timeoutMinutes;
        private final long expiresAtMillis;
        private final long lockedAtMillis;
        private final int lockCookie;

        Metadata(ByteBuffer in) {
            flags = in.get();
            timeoutMinutes = in.getInt();
            expiresAtMillis = in.getLong();
            lockedAtMillis = in.getLong();
            lockCookie = in.getInt();
        }

        SessionEntry with(byte[] data) {
            return new SessionEntry(
                    data,
                    timeoutMinutes,
                    expiresAtMillis,
                    (flags & LOCKED) != 0,
                    lockedAtMillis,
                    lockCookie,
                    (flags & UNINITIALIZED) != 0);
        }
    }
}
