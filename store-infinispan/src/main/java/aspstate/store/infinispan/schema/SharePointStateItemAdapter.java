package aspstate.store.infinispan.schema;

import aspstate.core.spstate.SharePointStateItem;
import aspstate.store.infinispan.SchemaTypeIds;
import org.infinispan.protostream.annotations.ProtoAdapter;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/** The ProtoStream form of a SharePoint state item; a NULL item (absent field) stays NULL. */
@ProtoAdapter(SharePointStateItem.class)
@ProtoTypeId(SchemaTypeIds.SHAREPOINT_STATE_ITEM)
public final class SharePointStateItemAdapter {

    @ProtoFactory
    SharePointStateItem create(
            byte[] item,
            int timeoutMinutes,
            long expiresAtMillis,
            boolean locked,
            long lockTimeMillis,
            int lockCookie) {
        return new SharePointStateItem(item, timeoutMinutes, expiresAtMillis, locked, lockTimeMillis, lockCookie);
    }

    @ProtoField(1)
    byte[] getItem(SharePointStateItem item) {
        return item.item();
    }

    @ProtoField(number = 2, defaultValue = "0")
    int getTimeoutMinutes(SharePointStateItem item) {
        return item.timeoutMinutes();
    }

    @ProtoField(number = 3, defaultValue = "0")
    long getExpiresAtMillis(SharePointStateItem item) {
        return item.expiresAtMillis();
    }

    @ProtoField(number = 4, defaultValue = "false")
    boolean getLocked(SharePointStateItem item) {
        return item.locked();
    }

    @ProtoField(number = 5, defaultValue = "0")
    long getLockTimeMillis(SharePointStateItem item) {
        return item.lockTimeMillis();
    }

    @ProtoField(number = 6, defaultValue = "0")
    int getLockCookie(SharePointStateItem item) {
        return item.lockCookie();
    }
}
