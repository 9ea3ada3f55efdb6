package aspstate.store.infinispan;

import java.util.function.Function;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoTypeId;

/**
 * Sent to every node before a cluster-wide stop: stop serving, and write the file stores from memory
 * ({@link StoreFlush}); the coordinator also gets ready to pass the stop on to every node
 * ({@link RecoveredCoordinatorRepair}). Answers with what it did, once done.
 */
@ProtoTypeId(SchemaTypeIds.CLUSTER_FLUSH_REQUEST)
public final class ClusterFlushRequest implements Function<EmbeddedCacheManager, String> {

    @ProtoFactory
    ClusterFlushRequest() {
    }

    @Override
    public String apply(EmbeddedCacheManager manager) {
        int repaired = RecoveredCoordinatorRepair.run(manager);
        String flushed = InfinispanStores.running(manager).map(InfinispanStores::quiesceAndFlush)
                .orElse("no stores on this node");
        return repaired == 0 ? flushed
                : flushed + "; as the coordinator since a member left, readied " + repaired + " cache(s) for the stop";
    }
}
