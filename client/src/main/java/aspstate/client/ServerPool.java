package aspstate.client;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The connections to one server: idle ones are reused, at most {@code maxConnections} are open, and a request that
 * finds them all busy waits for the next one handed back. A connection carries one request at a time, as ASP.NET's
 * client does (Microsoft's server is not known to take pipelined requests). Remembers until when the server counts
 * as down, so that requests go to the next server meanwhile.
 */
final class ServerPool {
    private final InetSocketAddress address;
    private final Connector connector;
    private final Duration connectTimeout;
    private final Duration idleTimeout;
    private final int maxConnections;
    private final long maxResponseBytes;
    /** Where connections are opened: connecting blocks, and callers may be on an I/O thread. */
    private final Executor connecting;

    private final ArrayDeque<Idle> idle = new ArrayDeque<>();
    private final ArrayDeque<CompletableFuture<StateServerConnection>> waiting = new ArrayDeque<>();
    private int open;
    private boolean closed;
    private volatile long downUntilNanos;
    private volatile String downReason;

    private record Idle(StateServerConnection connection, long sinceNanos) {}

    ServerPool(
            InetSocketAddress address,
            Connector connector,
            Duration connectTimeout,
            Duration idleTimeout,
            int maxConnections,
            long maxResponseBytes,
            Executor connecting) {
        this.address = address;
        this.connector = connector;
        this.connectTimeout = connectTimeout;
        this.idleTimeout = idleTimeout;
        this.maxConnections = maxConnections;
        this.maxResponseBytes = maxResponseBytes;
        this.connecting = connecting;
    }

    InetSocketAddress address() {
        return address;
    }

    boolean isDown(long nowNanos) {
        return nowNanos - downUntilNanos < 0;
    }

    long downUntilNanos() {
        return downUntilNanos;
    }

    String downReason() {
        return downReason;
    }

    void markDown(Duration retryAfter, String reason) {
        downReason = reason;
        downUntilNanos = System.nanoTime() + retryAfter.toNanos();
    }

    void markUp() {
        downUntilNanos = System.nanoTime();
    }

    /** A connection for one request; completes exceptionally with an IOException when none can be opened. */
    CompletableFuture<StateServerConnection> acquire() {
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(new IOException("the client is closed"));
            }
            long now = System.nanoTime();
            Idle candidate;
            while ((candidate = idle.pollLast()) != null) {
                if (candidate.connection.isOpen() && now - candidate.sinceNanos < idleTimeout.toNanos()) {
                    return CompletableFuture.completedFuture(candidate.connection);
                }
                candidate.connection.closeNow(); // the server closes idle connections too: never hand out a stale one
            }
            if (open >= maxConnections) {
                CompletableFuture<StateServerConnection> turn = new CompletableFuture<>();
                waiting.add(turn);
                return turn;
            }
            open++;
        }
        return CompletableFuture.supplyAsync(this::openConnection, connecting);
    }

    private StateServerConnection openConnection() {
        try {
            StateServerConnection connection =
                    StateServerConnection.connect(address, connector, connectTimeout, maxResponseBytes);
            connection.closeFuture().addListener(done -> closed(connection));
            return connection;
        } catch (IOException | RuntimeException e) {
            connectFailed(e);
            throw new CompletionException(e);
        }
    }

    /**
     * A connection could not be opened, and its place is free again. Requests waiting for a connection are served by
     * those still open as they are handed back or closed; when none is left, nothing ever would, and they fail with
     * this error too (the server is likely down: the client tries the next one).
     */
    private void connectFailed(Exception error) {
        ArrayDeque<CompletableFuture<StateServerConnection>> toFail;
        synchronized (this) {
            open--;
            if (open > 0) {
                return;
            }
            toFail = takeWaiting();
        }
        toFail.forEach(turn -> turn.completeExceptionally(error));
    }

    /** The requests waiting for a connection, taken off the queue; the caller holds this pool's lock. */
    private ArrayDeque<CompletableFuture<StateServerConnection>> takeWaiting() {
        ArrayDeque<CompletableFuture<StateServerConnection>> taken = new ArrayDeque<>(waiting);
        waiting.clear();
        return taken;
    }

    /** Hands back a connection after its answer: to a waiting request first, else to the idle ones. */
    void release(StateServerConnection connection) {
        CompletableFuture<StateServerConnection> next;
        synchronized (this) {
            if (closed) {
                connection.closeNow();
                return;
            }
            if (!connection.isOpen()) {
                return; // counted down by its close listener
            }
            next = waiting.poll();
            if (next == null) {
                idle.addLast(new Idle(connection, System.nanoTime()));
                return;
            }
        }
        next.complete(connection);
    }

    /** A connection closed (by either side): a waiting request may open one in its place. */
    private void closed(StateServerConnection connection) {
        CompletableFuture<StateServerConnection> next;
        synchronized (this) {
            open--;
            idle.removeIf(entry -> entry.connection == connection);
            next = closed ? null : waiting.poll();
            if (next != null) {
                open++;
            }
        }
        if (next != null) {
            CompletableFuture.supplyAsync(this::openConnection, connecting).whenComplete((opened, error) -> {
                if (error != null) {
                    next.completeExceptionally(error);
                } else {
                    next.complete(opened);
                }
            });
        }
    }

    void close() {
        ArrayDeque<Idle> toClose;
        ArrayDeque<CompletableFuture<StateServerConnection>> toFail;
        synchronized (this) {
            closed = true;
            toClose = new ArrayDeque<>(idle);
            idle.clear();
            toFail = takeWaiting();
        }
        toClose.forEach(entry -> entry.connection.closeNow());
        toFail.forEach(turn -> turn.completeExceptionally(new IOException("the client is closed")));
    }
}
