package aspstate.store.journal;

import java.util.function.Consumer;

/**
 * One store as cleaning reaches it: a key's current value, handed over under the key's own lock, so that the record
 * cleaning logs of it is ordered with the key's changes (a change made meanwhile is logged after it, never before).
 */
@FunctionalInterface
public interface KeyAccess {
    /** Runs {@code action} with {@code key}'s current value, or with null when it has none (deleted, expired). */
    void inOrder(String key, Consumer<Object> action);
}
