package aspstate.transport;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;

/**
 * The end of an event loop's turn: a task given here on an event loop runs after the I/O the loop is handling now
 * (the loop runs its queued tasks after each round of I/O), so that work every request of the turn asked for is done
 * once; off an event loop it runs at once.
 */
public final class EventLoopTurns {
    private EventLoopTurns() {}

    public static void atEndOfTurn(Runnable task) {
        EventExecutor loop = ThreadExecutorMap.currentExecutor();
        if (loop == null) {
            task.run();
        } else {
            loop.execute(task);
        }
    }
}
