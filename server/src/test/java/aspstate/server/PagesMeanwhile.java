package aspstate.server;

import aspstate.client.StateServerConnection;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * StateServer requests paced at {@link #PER_SECOND} a second on a connection of their own while something else goes
 * on, each timed from when it was due, not from when it could be sent: what web servers sending pages at that pace
 * would see meanwhile. A stall of the server then counts for every request due during it, as it does for the
 * pages it holds up (timing from the send would count it once). Runs until closed, or for a bounded time at most.
 */
final class PagesMeanwhile implements AutoCloseable {
    private static final Duration LONGEST = Duration.ofMinutes(2);
    static final int PER_SECOND = 200;

    private final Thread thread;
    private final List<Long> nanos = new ArrayList<>();
    private volatile boolean stop;
    private volatile Throwable failure;

    private PagesMeanwhile(InetSocketAddress server, String key) {
        thread = new Thread(() -> run(server, key), "pages-meanwhile");
        thread.setDaemon(true);
        thread.start();
    }

    /** Starts reading {@code key} (which need not exist: a 404 is an answer) in a loop. */
    static PagesMeanwhile start(InetSocketAddress server, String key) {
        return new PagesMeanwhile(server, key);
    }

    private void run(InetSocketAddress server, String key) {
        long period = TimeUnit.SECONDS.toNanos(1) / PER_SECOND;
        long start = System.nanoTime();
        long end = start + LONGEST.toNanos();
        try (StateServerConnection client = StateServerConnection.connect(server)) {
            for (long due = start; !stop && due < end; due += period) {
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait); // the pace of the pages being simulated
                }
                client.get(key).get(30, TimeUnit.SECONDS);
                synchronized (nanos) {
                    nanos.add(System.nanoTime() - due);
                }
            }
        } catch (Exception | Error e) {
            failure = e;
        }
    }

    /** Stops and returns the 99th percentile of the requests' times; fails if a request failed or none was made. */
    Duration stopAndP99() throws InterruptedException {
        close();
        thread.join(TimeUnit.SECONDS.toMillis(40));
        if (failure != null) {
            throw new AssertionError("a StateServer request failed meanwhile", failure);
        }
        List<Long> sorted;
        synchronized (nanos) {
            sorted = new ArrayList<>(nanos);
        }
        if (sorted.isEmpty()) {
            throw new AssertionError("no StateServer request was answered meanwhile");
        }
        sorted.sort(null);
        return Duration.ofNanos(sorted.get(Math.min(sorted.size() - 1, (int) (sorted.size() * 0.99))));
    }

    @Override
    public void close() {
        stop = true;
    }
}
