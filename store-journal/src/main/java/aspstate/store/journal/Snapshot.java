package aspstate.store.journal;

import java.util.function.BiConsumer;

/**
 * What one store holds, for a rewrite's base: every entry this journal must keep, each part of the store copied at
 * one instant (the memory store's table segment by segment; a cluster node's local entries).
 */
@FunctionalInterface
public interface Snapshot {
    void forEach(BiConsumer<String, Object> visitor);
}
