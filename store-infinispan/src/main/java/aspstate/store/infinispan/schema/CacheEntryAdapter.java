package aspstate.store.infinispan.schema;

import aspstate.core.corecache.CacheEntry;
import aspstate.store.infinispan.SchemaTypeIds;
import org.infinispan.protostream.annotations.ProtoAdapter;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/**
 * The ProtoStream form of an ASP.NET Core cache entry. The two nullable columns are optional fields, so NULL
 * (absent) stays apart from 0.
 */
@ProtoAdapter(CacheEntry.class)
@ProtoTypeId(SchemaTypeIds.CACHE_ENTRY)
public final class CacheEntryAdapter {

    @ProtoFactory
    CacheEntry create(byte[] value, long expiresAtTicks, Long slidingExpirationSeconds, Long absoluteExpirationTicks) {
        return new CacheEntry(value, expiresAtTicks, slidingExpirationSeconds, absoluteExpirationTicks);
    }

    @ProtoField(1)
    byte[] getValue(CacheEntry entry) {
        return entry.value();
    }

    @ProtoField(number = 2, defaultValue = "0")
    long getExpiresAtTicks(CacheEntry entry) {
        return entry.expiresAtTicks();
    }

    @ProtoField(3)
    Long getSlidingExpirationSeconds(CacheEntry entry) {
        return entry.slidingExpirationSeconds();
    }

    @ProtoField(4)
    Long getAbsoluteExpirationTicks(CacheEntry entry) {
        return entry.absoluteExpirationTicks();
    }
}
