package aspstate.store.infinispan;

import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.infinispan.Cache;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.annotations.ProtoTypeId;
import org.infinispan.remoting.transport.Address;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sent by {@code aspstate cluster-stop} to one node of the cluster: once the tool has left (so that the layout the
 * nodes save is the cluster's own, without the tool), that node has every node stop serving and write its file
 * stores from memory ({@link ClusterFlushRequest}), then stops every store cache cluster-wide, each node saving the
 * layout to restore. Runs on a thread of its own: the tool does not wait for the stop.
 */
@ProtoTypeId(SchemaTypeIds.CLUSTER_STOP_REQUEST)
public final class ClusterStopRequest implements Function<EmbeddedCacheManager, Void> {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterStopRequest.class);
    private static final long TOOL_LEAVE_WAIT_MILLIS = TimeUnit.SECONDS.toMillis(30);
    private static final long FLUSH_WAIT_SECONDS = 300;

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
        Thread stopper = new Thread(() -> stop(manager), "aspstate-cluster-stop");
        stopper.setDaemon(true);
        stopper.start();
        return null;
    }

    private void stop(EmbeddedCacheManager manager) {
        long deadline = System.currentTimeMillis() + TOOL_LEAVE_WAIT_MILLIS;
        while (isMember(manager) && System.currentTimeMillis() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        LOG.info("stopping the whole cluster, as {} asked: every node keeps its data", requester);
        try {
            manager.executor().timeout(FLUSH_WAIT_SECONDS, TimeUnit.SECONDS).submitConsumer(new ClusterFlushRequest(),
                    (node, flushed, failure) -> {
                        if (failure != null) {
                            LOG.warn("{} could not write its files before the stop: {}", node, failure.toString());
                        } else {
                            LOG.info("{}: {}", node, flushed);
                        }
                    }).get(FLUSH_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.warn("not every node confirmed it wrote its files ({}); stopping anyway", e.toString());
        }
        Set<String> names = manager.getCacheNames();
        for (String name : names) {
            Cache<?, ?> cache = manager.getCache(name, false);
            if (cache != null && cache.getStatus().allowInvocations()) {
                cache.shutdown();
            }
        }
    }

    private boolean isMember(EmbeddedCacheManager manager) {
        for (Address member : manager.getMembers()) {
            if (member.toString().equals(requester)) {
                return true;
            }
        }
        return false;
    }
}
