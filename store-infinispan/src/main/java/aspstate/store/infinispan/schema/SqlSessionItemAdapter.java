package aspstate.store.infinispan.schema;

import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.store.infinispan.SchemaTypeIds;
import org.infinispan.protostream.annotations.ProtoAdapter;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/**
 * The ProtoStream form of an ASPState session row. The two data columns are optional fields, so NULL (absent) and
 * an empty value (present, zero bytes) stay apart, as they do in the table.
 */
@ProtoAdapter(SqlSessionItem.class)
@ProtoTypeId(SchemaTypeIds.SQL_SESSION_ITEM)
public final class SqlSessionItemAdapter {

    @ProtoFactory
    SqlSessionItem create(
            byte[] itemShort,
            byte[] itemLong,
            int timeoutMinutes,
            long expiresAtMillis,
            boolean locked,
            long lockDateMillis,
            int lockCookie,
            int flags,
            long createdMillis) {
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

    @ProtoField(1)
    byte[] getItemShort(SqlSessionItem item) {
        return item.itemShort();
    }

    @ProtoField(2)
    byte[] getItemLong(SqlSessionItem item) {
        return item.itemLong();
    }

    @ProtoField(number = 3, defaultValue = "0")
    int getTimeoutMinutes(SqlSessionItem item) {
        return item.timeoutMinutes();
    }

    @ProtoField(number = 4, defaultValue = "0")
    long getExpiresAtMillis(SqlSessionItem item) {
        return item.expiresAtMillis();
    }

    @ProtoField(number = 5, defaultValue = "false")
    boolean getLocked(SqlSessionItem item) {
        return item.locked();
    }

    @ProtoField(number = 6, defaultValue = "0")
    long getLockDateMillis(SqlSessionItem item) {
        return item.lockDateMillis();
    }

    @ProtoField(number = 7, defaultValue = "0")
    int getLockCookie(SqlSessionItem item) {
        return item.lockCookie();
    }

    @ProtoField(number = 8, defaultValue = "0")
    int getFlags(SqlSessionItem item) {
        return item.flags();
    }

    @ProtoField(number = 9, defaultValue = "0")
    long getCreatedMillis(SqlSessionItem item) {
        return item.createdMillis();
    }
}
