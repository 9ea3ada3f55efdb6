package aspstate.store.infinispan;

import java.util.ArrayList;
import java.util.List;
import org.infinispan.notifications.Listener;
import org.infinispan.notifications.cachemanagerlistener.annotation.Merged;
import org.infinispan.notifications.cachemanagerlistener.annotation.ViewChanged;
import org.infinispan.notifications.cachemanagerlistener.event.ViewChangedEvent;
import org.infinispan.remoting.transport.Address;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One log line per change of the cluster's members: who is in, who joined, who left, and whether it was a merge. */
@Listener(sync = false)
public final class ClusterViewLog {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterViewLog.class);

    @ViewChanged
    @Merged
    public void changed(ViewChangedEvent event) {
        List<Address> joined = new ArrayList<>(event.getNewMembers());
        joined.removeAll(event.getOldMembers());
        List<Address> left = new ArrayList<>(event.getOldMembers());
        left.removeAll(event.getNewMembers());
        LOG.info(
                "cluster {}: {} member(s) {}{}{}",
                event.isMergeView() ? "merged after a partition" : "changed",
                event.getNewMembers().size(),
                event.getNewMembers(),
                joined.isEmpty() ? "" : ", joined " + joined,
                left.isEmpty() ? "" : ", left " + left);
    }
}
