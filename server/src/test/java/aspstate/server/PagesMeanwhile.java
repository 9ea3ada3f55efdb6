package aspstate.server;

import aspstate.client.StateServerConnection;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * StateServer requests made one after another on a connection of their own while something else goes on, each
 * timed: what a web server would see meanwhile. Runs until closed, or for a bounded time at most.
 */
final class PagesMeanwhile implements AutoCloseable {
    private static final Duration LONGEST = Duration.ofMinutes(2);

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
        long end = System.nanoTime() + LONGEST.toNanos();
        try (StateServerConnection client = StateServerConnection.connect(server)) {
            while (!stop && System.nanoTime() < end) {
                long start = System.nanoTime();
                client.get(key).get(30, TimeUnit.SECONDS);
                synchronized (nanos) {
                    nanos.add(System.nanoTime() - start);
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

    int count() {
        synchronized (nanos) {
            return nanos.size();
        }
    }

    @Override
    public void close() {
        stop = true;
    }
}
