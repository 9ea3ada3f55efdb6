package aspstate.store.journal;

/**
 * Runs a task once the calling thread's current turn of work is done: on an event loop, after the I/O it is handling
 * now; elsewhere, at once. The journal wakes its writer so, once per turn, whatever the turn appended: the records of
 * one turn of every event loop go out in one write.
 */
@FunctionalInterface
public interface TurnEnd {
    /** No turns: at once. */
    TurnEnd NOW = Runnable::run;

    void atEndOfTurn(Runnable task);
}
