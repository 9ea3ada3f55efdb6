package aspstate.store.journal;

import aspstate.core.sqlstate.SqlSessionItem;
import java.nio.ByteBuffer;

/** ASPState rows: lock flag, timeout, expiry, lock date, cookie, flags, creation time, then both data columns. */
final class SqlSessionItemCodec implements ValueCodec<SqlSessionItem> {
    private static final int METADATA =
            1 + Integer.BYTES + Long.BYTES + Long.BYTES + Integer.BYTES + Integer.BYTES + Long.BYTES;

    @Override
    public boolean samePayload(SqlSessionItem before, SqlSessionItem after) {
        return before.itemShort() == after.itemShort() && before.itemLong() == after.itemLong();
    }

    @Override
    public int size(SqlSessionItem value, boolean withPayload) {
        return METADATA + (withPayload ? Fields.bytesSize(value.itemShort()) + Fields.bytesSize(value.itemLong()) : 0);
    }

    @Override
    public void write(SqlSessionItem value, boolean withPayload, ByteBuffer out) {
        out.put((byte) (value.locked() ? 1 : 0));
        out.putInt(value.timeoutMinutes());
        out.putLong(value.expiresAtMillis());
        out.putLong(value.lockDateMillis());
        out.putInt(value.lockCookie());
        out.putInt(value.flags());
        out.putLong(value.createdMillis());
        if (withPayload) {
            Fields.putBytes(out, value.itemShort());
            Fields.putBytes(out, value.itemLong());
        }
    }

    @Override
    public SqlSessionItem read(ByteBuffer in) {
        Metadata metadata = new Metadata(in);
        byte[] itemShort = Fields.getBytes(in);
        return metadata.with(itemShort, Fields.getBytes(in));
    }

    @Override
    public SqlSessionItem readMetadata(ByteBuffer in, SqlSessionItem before) {
        return new Metadata(in).with(before.itemShort(), before.itemLong());
    }

    /** The fields before the data columns, read in their order. */
    private static final class Metadata {
        private final boolean locked;
        private final int timeoutMinutes;
        private final long expiresAtMillis;
        private final long lockDateMillis;
        private final int lockCookie;
        private final int flags;
        private final long createdMillis;

        Metadata(ByteBuffer in) {
            locked = in.get() != 0;
            timeoutMinutes = in.getInt();
            expiresAtMillis = in.getLong();
            lockDateMillis = in.getLong();
            lockCookie = in.getInt();
            flags = in.getInt();
            createdMillis = in.getLong();
        }

        SqlSessionItem with(byte[] itemShort, byte[] itemLong) {
            return new SqlSessionItem(
                    itemShort,
                    itemLong,
                    timeoutMinutes,
                    expiresAtMillis,
                    locked,
                    lockDateMillis,
                    lockCookie,
                    flags,
                    createdMillis);
        }
    }
}
