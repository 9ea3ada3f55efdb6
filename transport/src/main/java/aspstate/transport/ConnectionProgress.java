package aspstate.transport;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.InetAddress;

/**
 * How far the request a connection owes has come: since when it is awaited and how many of its bytes arrived. A
 * request is owed from the moment the connection is accepted (a client that connects and sends nothing is behind
 * too) and from the first byte of each later one; a connection between requests owes nothing. Written by the
 * connection's own event loop ({@link RequestDeadline}); read by the loop admitting a new connection, which closes
 * the one furthest behind the minimum rate when a cap is reached ({@link OpenConnections}).
 */
final class ConnectionProgress {
    static final AttributeKey<ConnectionProgress> KEY = AttributeKey.valueOf(ConnectionProgress.class, "progress");
    private static final long NO_REQUEST = Long.MIN_VALUE;
    private static final VarHandle SINCE;
    private static final VarHandle BYTES;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SINCE = lookup.findVarHandle(ConnectionProgress.class, "sinceNanos", long.class);
            BYTES = lookup.findVarHandle(ConnectionProgress.class, "bytes", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Channel channel;
    final InetAddress peer;
    /** When the owed request began to be awaited, or NO_REQUEST between requests. */
    @SuppressWarnings("unused") // through SINCE
    private long sinceNanos;

    @SuppressWarnings("unused") // through BYTES
    private long bytes;
    /** Counted by its listener until it closes or is shed (whichever comes first uncounts it). */
    boolean counted = true;

    ConnectionProgress(Channel channel, InetAddress peer, long acceptedNanos) {
        this.channel = channel;
        this.peer = peer;
        this.sinceNanos = acceptedNanos;
    }

    static ConnectionProgress of(Channel channel) {
        return channel.attr(KEY).get();
    }

    /** A request began in a read of {@code readBytes}. */
    void requestStarted(long nowNanos, long readBytes) {
        BYTES.setOpaque(this, readBytes);
        SINCE.setOpaque(this, nowNanos);
    }

    void received(long readBytes) {
        BYTES.setOpaque(this, (long) BYTES.getOpaque(this) + readBytes);
    }

    /** Every request read so far arrived whole: nothing is owed. Only touches memory when something was owed. */
    void betweenRequests() {
        if ((long) SINCE.getOpaque(this) != NO_REQUEST) {
            SINCE.setOpaque(this, NO_REQUEST);
        }
    }

    /**
     * How far the owed request is behind {@code minRate} bytes a second: the time it has taken less the time its bytes
     * so far needed at that rate. Zero or less when it keeps up or nothing is owed. There is no grace: a connection
     * is judged against the others, and the one just accepted, which owes least, is the last to go; a client that
     * sends its request at once owes nothing a moment later.
     */
    long lagNanos(long nowNanos, long minRate) {
        long since = (long) SINCE.getOpaque(this);
        if (since == NO_REQUEST || minRate <= 0) {
            return 0;
        }
        long earned = (long) Math.min(Long.MAX_VALUE, (long) BYTES.getOpaque(this) * 1e9 / minRate);
        return nowNanos - since - earned;
    }
}
