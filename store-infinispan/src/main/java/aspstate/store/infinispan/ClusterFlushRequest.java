package aspstate.store.infinispan;

import java.util.function.Function;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoTypeId;

/**
 * Sent to every node before a cluster-wide stop: stop serving, and write the file stores from memory
 * ({@link StoreFlush}). Answers with what it wrote, once done.
 */
@ProtoTypeId(SchemaTypeIds.CLUSTER_FLUSH_REQUEST)
public final class ClusterFlushRequest implements Function<EmbeddedCacheManager, String> {

    @ProtoFactory
    ClusterFlushRequest() {
    }

    @Override
    public String apply(EmbeddedCacheManager manager) {
        return InfinispanStores.running(manager).map(InfinispanStores::quiesceAndFlush)
                .orElse("no stores on this node");
    }
}
