package aspstate.transport;

import aspstate.core.LogText;
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
 * Where the checks of a listener's credentials (TDS logins, admin tokens) wait for the one thread that does them.
 * The hash they are checked against (PBKDF2) is slow on purpose, so a flood of attempts must not queue work without
 * end, nor run it on an event loop: the queue is bounded, one peer may have at most {@link #MAX_QUEUED_PER_PEER}
 * checks waiting, a peer whose checks keep failing (the failure limit in a minute) is refused without a check until
 * the minute is over (its checks already waiting too), and a check whose connection is gone is not done. A refused
 * check is answered as a wrong credential is, at once: a real client on another address still gets its check within
 * a few hash times however hard the flood.
 */
public final class CredentialCheckQueue implements AutoCloseable {
    /** Checks one peer address may have waiting or running; more are refused at once. */
    public static final int MAX_QUEUED_PER_PEER = 4;

    public static final int DEFAULT_MAX_QUEUED = 32;
    public static final int DEFAULT_MAX_FAILURES_PER_MINUTE = 10;
    private static final long WINDOW_NANOS = TimeUnit.MINUTES.toNanos(1);
    /** Peers whose failures are remembered at once; beyond it new peers are not throttled (but still queued). */
    private static final int MAX_TRACKED_PEERS = 10_000;

    private static final Logger LOG = LoggerFactory.getLogger(CredentialCheckQueue.class);

    /**
     * How log lines name what is checked and the settings that bound it.
     *
     * @param checks         the checks, plural, e.g. "TDS login(s)"
     * @param queueOption    the option that sets the queue's bound, e.g. "tds-login-queue"
     * @param failuresOption the option that sets the failures allowed a minute, e.g. "tds-login-failures"
     */
    public record Names(String checks, String queueOption, String failuresOption) {}

    private final Names names;
    private final ExecutorService checker;
    private final int maxFailuresPerMinute;
    private final ConcurrentHashMap<InetAddress, AtomicInteger> queuedPerPeer = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<InetAddress, FailureWindow> failures = new ConcurrentHashMap<>();
    private final RepeatedEventLog refused = new RepeatedEventLog(LOG);

    /** Failures of one peer in the minute that began with the first of them. */
    private record FailureWindow(long startNanos, int count) {
        boolean isOver(long now) {
            return now - startNanos >= WINDOW_NANOS;
        }
    }

    public CredentialCheckQueue(Names names, int maxQueued, int maxFailuresPerMinute) {
        if (maxQueued < 1) {
            throw new IllegalArgumentException(names.queueOption() + " must be at least 1, got " + maxQueued);
        }
        if (maxFailuresPerMinute < 1) {
            throw new IllegalArgumentException(
                    names.failuresOption() + " must be at least 1, got " + maxFailuresPerMinute);
        }
        this.names = names;
        this.maxFailuresPerMinute = maxFailuresPerMinute;
        this.checker = new ThreadPoolExecutor(
                1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(maxQueued), runnable -> {
                    Thread thread = new Thread(runnable, "aspstate-credential-check");
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /**
     * Runs {@code check} on the checking thread, or refuses it at once (false) if a limit says so. The caller may
     * cancel the result when the connection closes: a check not yet started is then skipped.
     *
     * @param who what the peer claims to be (a user name), for log lines; escaped there
     */
    public CompletableFuture<Boolean> submit(InetAddress peer, String who, BooleanSupplier check) {
        CompletableFuture<Boolean> result = new CompletableFuture<>();
        if (isThrottled(peer)) {
            refuseThrottled(peer, result);
            return result;
        }
        AtomicInteger queued = queuedPerPeer.computeIfAbsent(peer, address -> new AtomicInteger());
        if (queued.incrementAndGet() > MAX_QUEUED_PER_PEER) {
            dequeued(peer, queued);
            refused.occurred(
                    "refused {} {} without a check: {} already waiting from that address (latest from {})",
                    names.checks(),
                    MAX_QUEUED_PER_PEER,
                    peer.getHostAddress());
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
                    if (isThrottled(peer)) {
                        // The peer reached its failure limit while this check waited: its queued checks are
                        // refused as a new one would be, so a throttled peer costs no more hashes.
                        refuseThrottled(peer, result);
                        return;
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
            refused.occurred(
                    "refused {} {} without a check: --{} full (latest from {} as '{}')",
                    names.checks(),
                    names.queueOption(),
                    peer.getHostAddress(),
                    LogText.client(who));
            result.complete(false);
        }
        return result;
    }

    /** Stops the checking thread; checks still waiting are not done. */
    @Override
    public void close() {
        checker.shutdownNow();
    }

    private void refuseThrottled(InetAddress peer, CompletableFuture<Boolean> result) {
        refused.occurred(
                "refused {} {} without a check: more than --{} {} failed in a minute from that "
                        + "address (latest from {})",
                names.checks(),
                names.failuresOption(),
                maxFailuresPerMinute,
                peer.getHostAddress());
        result.complete(false);
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
        failures.compute(
                peer,
                (address, window) -> window == null || window.isOver(now)
                        ? new FailureWindow(now, 1)
                        : new FailureWindow(window.startNanos(), window.count() + 1));
    }
}
