package aspstate.store.journal;

import aspstate.core.spstate.SharePointStateItem;
import java.nio.ByteBuffer;

/** SharePoint items: lock flag, timeout, expiry, lock time and cookie, then the item (which may be NULL). */
final class SharePointItemCodec implements ValueCodec<SharePointStateItem> {
    private static final int METADATA = 1 + Integer.BYTES + Long.BYTES + Long.BYTES + Integer.BYTES;

    @Override
    public boolean samePayload(SharePointStateItem before, SharePointStateItem after) {
        return before.item() == after.item();
    }

    @Override
    public int size(SharePointStateItem value, boolean withPayload) {
        return METADATA + (withPayload ? Fields.bytesSize(value.item()) : 0);
    }

    @Override
    public void write(SharePointStateItem value, boolean withPayload, ByteBuffer out) {
        out.put((byte) (value.locked() ? 1 : 0));
        out.putInt(value.timeoutMinutes());
        out.putLong(value.expiresAtMillis());
        out.putLong(value.lockTimeMillis());
        out.putInt(value.lockCookie());
        if (withPayload) {
            Fields.putBytes(out, value.item());
        }
    }

    @Override
    public SharePointStateItem read(ByteBuffer in) {
        Metadata metadata = new Metadata(in);
        return metadata.with(Fields.getBytes(in));
    }

    @Override
    public SharePointStateItem readMetadata(ByteBuffer in, SharePointStateItem before) {
        return new Metadata(in).with(before.item());
    }

    /** The fields before the item, read in their order. */
    private static final class Metadata {
        private final boolean locked;
        private final int timeoutMinutes;
        private final long expiresAtMillis;
        private final long lockTimeMillis;
        private final int lockCookie;

        Metadata(ByteBuffer in) {
            locked = in.get() != 0;
            timeoutMinutes = in.getInt();
            expiresAtMillis = in.getLong();
            lockTimeMillis = in.getLong();
            lockCookie = in.getInt();
        }

        SharePointStateItem with(byte[] item) {
            return new SharePointStateItem(item, timeoutMinutes, expiresAtMillis, locked, lockTimeMillis, lockCookie);
        }
    }
}
