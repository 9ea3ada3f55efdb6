package aspstate.store.infinispan;

import java.util.HashSet;
import java.util.Set;
import org.infinispan.notifications.Listener;
import org.infinispan.notifications.cachemanagerlistener.annotation.CacheStopped;
import org.infinispan.notifications.cachemanagerlistener.event.CacheStoppedEvent;

/**
 * Says so, once, when every one of the given caches has stopped (a cluster-wide stop goes through them one by one;
 * the node must not leave before the last one has saved its layout).
 */
@Listener(sync = false)
public final class ClusterStopWatch {
    private final Set<String> running;
    private final Runnable onStop;

    ClusterStopWatch(Set<String> caches, Runnable onStop) {
        this.running = new HashSet<>(caches);
        this.onStop = onStop;
    }

    @CacheStopped
    public void cacheStopped(CacheStoppedEvent event) {
        boolean last;
        synchronized (running) {
            last = running.remove(event.getCacheName()) && running.isEmpty();
        }
        if (last) {
            onStop.run();
        }
    }
}
