package aspstate.store.infinispan;

import java.util.function.Function;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;

/**
 * Sent by {@code aspstate cluster-stop} to every node of the cluster: the node stops as on SIGTERM, keeping the copies
 * it holds in its journal (the tool has had the cluster stop moving entries between nodes first).
 */
@ProtoTypeId(SchemaTypeIds.CLUSTER_STOP_REQUEST)
public final class ClusterStopRequest implements Function<EmbeddedCacheManager, Void> {
    private final String requester;

    @ProtoFactory
    ClusterStopRequest(String requester) {
        this.requester = requester;
    }

    @ProtoField(1)
    String getRequester() {
        return requester;
    }

    @Override
    public Void apply(EmbeddedCacheManager manager) {
        InfinispanStores.running(manager).ifPresent(engine -> engine.stoppedByCluster(requester));
        return null;
    }
}
