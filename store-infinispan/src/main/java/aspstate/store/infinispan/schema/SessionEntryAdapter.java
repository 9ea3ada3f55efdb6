package aspstate.store.infinispan.schema;

import aspstate.core.stateserver.SessionEntry;
import aspstate.store.infinispan.SchemaTypeIds;
import org.infinispan.protostream.annotations.ProtoAdapter;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/** The ProtoStream form of a StateServer session: every field of the record, so a reloaded session is the same. */
@ProtoAdapter(SessionEntry.class)
@ProtoTypeId(SchemaTypeIds.SESSION_ENTRY)
public final class SessionEntryAdapter {

    @ProtoFactory
    SessionEntry create(
            byte[] data,
            int timeoutMinutes,
            long expiresAtMillis,
            boolean locked,
            long lockedAtMillis,
            int lockCookie,
            boolean uninitialized) {
        return new SessionEntry(
                data, timeoutMinutes, expiresAtMillis, locked, lockedAtMillis, lockCookie, uninitialized);
    }

    @ProtoField(1)
    byte[] getData(SessionEntry entry) {
        return entry.data();
    }

    @ProtoField(number = 2, defaultValue = "0")
    int getTimeoutMinutes(SessionEntry entry) {
        return entry.timeoutMinutes();
    }

    @ProtoField(number = 3, defaultValue = "0")
    long getExpiresAtMillis(SessionEntry entry) {
        return entry.expiresAtMillis();
    }

    @ProtoField(number = 4, defaultValue = "false")
    boolean getLocked(SessionEntry entry) {
        return entry.locked();
    }

    @ProtoField(number = 5, defaultValue = "0")
    long getLockedAtMillis(SessionEntry entry) {
        return entry.lockedAtMillis();
    }

    @ProtoField(number = 6, defaultValue = "0")
    int getLockCookie(SessionEntry entry) {
        return entry.lockCookie();
    }

    @ProtoField(number = 7, defaultValue = "false")
    boolean getUninitialized(SessionEntry entry) {
        return entry.uninitialized();
    }
}
