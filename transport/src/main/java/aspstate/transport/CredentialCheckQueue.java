package aspstate.server;

import aspstate.core.RepeatedEventLog;
import java.net.InetAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the password checks of TDS logins wait for the one thread that does them. PBKDF2 is slow on purpose, so a
 * flood of logins must not queue work without end: the queue is bounded ({@code --tds-login-queue}), one peer may
 * have at most {@link #MAX_QUEUED_PER_PEER} checks waiting, a peer whose logins keep failing
 * ({@code --tds-login-failures} in a minute) is refused without a check until the minute is over, and a check whose
 * connection is gone is not done. A refused login is answered as a wrong password is, at once: a real client on
 * another address still gets its check within a few hash times however hard the flood.
 */
final class LoginCheckQueue {
    /** Checks one peer address may have waiting or running; more are refused at once. */
    static final int MAX_QUEUED_PER_PEER = 4;
    static final int DEFAULT_MAX_QUEUED = 32;
    static final int DEFAULT_MAX_FAILURES_PER_MINUTE = 10;
    private static final long WINDOW_NANOS = TimeUnit.MINUTES.toNanos(1);
    /** Peers whose failures are remembered at once; beyond it new peers are not throttled (but still queued). */
    private static final int MAX_TRACKED_PEERS = 10_000;

    private static final Logger LOG = LoggerFactory.getLogger(LoginCheckQueue.class);
    private static final RepeatedEventLog REFUSED = new RepeatedEventLog(LOG);

    private final ExecutorService checker;
    private final int maxFailuresPerMinute;
    private final ConcurrentHashMap<InetAddress, AtomicInteger> queuedPerPeer = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<InetAddress, FailureWindow> failures = new ConcurrentHashMap<>();

    /** Failures of one peer in the minute that began with the first of them. */
    private record FailureWindow(long startNanos, int count) {
        boolean isOver(long now) {
            return now - startNanos >= WINDOW_NANOS;
        }
    }

    LoginCheckQueue(int maxQueued, int maxFailuresPerMinute) {
        if (maxQueued < 1) {
            throw new IllegalArgumentException("tds-login-queue must be at least 1, got " + maxQueued);
        }
        if (maxFailuresPerMinute < 1) {
            throw new IllegalArgumentException("tds-login-failures must be at least 1, got " + maxFailuresPerMinute);
        }
        this.maxFailuresPerMinute = maxFailuresPerMinute;
        this.checker = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(maxQueued),
                runnable -> {
                    Thread thread = new Thread(runnable, "aspstate-login-check");
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /**
     * Runs {@code check} on the checking thread, or refuses it at once (false) if a limit says so. The caller may
     * cancel the result when the connection closes: a check not yet started is then skipped.
     */
    CompletableFuture<Boolean> submit(InetAddress peer, String user, BooleanSupplier check) {
        CompletableFuture<Boolean> result = new CompletableFuture<>();
        if (isThrottled(peer)) {
            REFUSED.occurred("refused {} TDS login(s) without a check: more than --tds-login-failures {} failed in "
                    + "a minute from that address (latest from {})", maxFailuresPerMinute, peer.getHostAddress());
            result.complete(false);
            return result;
        }
        AtomicInteger queued = queuedPerPeer.computeIfAbsent(peer, address -> new AtomicInteger());
        if (queued.incrementAndGet() > MAX_QUEUED_PER_PEER) {
            dequeued(peer, queued);
            REFUSED.occurred("refused {} TDS login(s) without a check: {} already waiting from that address "
                    + "(latest from {})", MAX_QUEUED_PER_PEER, peer.getHostAddress());
            result.complete(false);
            return result;
        }
        try {
            checker.execute(() -> {
                // The peer's count covers the check while it runs too, so at most MAX_QUEUED_PER_PEER of its checks
                // are ever outstanding, whatever the timing of the submissions.
                try {
                    if (result.isDone()) {
                        return; // cancelled: the connection is gone, nobody waits for this answer
                    }
                    boolean accepted = check.getAsBoolean();
                    if (!accepted) {
                        failed(peer);
                    }
                    result.complete(accepted);
                } finally {
                    dequeued(peer, queued);
                }
            });
        } catch (RejectedExecutionException e) {
            dequeued(peer, queued);
            REFUSED.occurred("refused {} TDS login(s) without a check: --tds-login-queue full (latest from {} as "
                    + "'{}')", peer.getHostAddress(), aspstate.core.LogText.client(user));
            result.complete(false);
        }
        return result;
    }

    private void dequeued(InetAddress peer, AtomicInteger queued) {
        if (queued.decrementAndGet() <= 0) {
            queuedPerPeer.remove(peer, queued);
        }
    }

    private boolean isThrottled(InetAddress peer) {
        FailureWindow window = failures.get(peer);
        if (window == null) {
            return false;
        }
        if (window.isOver(System.nanoTime())) {
            failures.remove(peer, window);
            return false;
        }
        return window.count() >= maxFailuresPerMinute;
    }

    private void failed(InetAddress peer) {
        long now = System.nanoTime();
        if (failures.size() >= MAX_TRACKED_PEERS) {
            failures.values().removeIf(window -> window.isOver(now));
            if (failures.size() >= MAX_TRACKED_PEERS && !failures.containsKey(peer)) {
                return;
            }
        }
        failures.compute(peer, (address, window) -> window == null || window.isOver(now)
                ? new FailureWindow(now, 1) : new FailureWindow(window.startNanos(), window.count() + 1));
    }
}
