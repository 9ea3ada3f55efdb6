package aspstate.transport;

import aspstate.core.FatalErrors;
import aspstate.core.LogText;
import aspstate.core.RepeatedEventLog;
import io.netty.channel.ChannelHandlerContext;
import java.io.IOException;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * The one way a connection ends after an error in serving it, on either protocol: that connection is closed and
 * no other, and the log gets at most one line, grouped with the others of its kind. A client that breaks the
 * protocol or goes away gets no stack trace (nothing in the server is wrong); running out of direct memory for
 * buffers closes the connection that needed them; an error the process cannot survive ends it
 * ({@link FatalErrors}); anything else is a fault of the server, logged with its stack trace.
 */
public final class ConnectionFailures {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionFailures.class);
    private static final RepeatedEventLog BROKE_PROTOCOL = new RepeatedEventLog(LOG, Level.INFO);
    private static final RepeatedEventLog OUT_OF_MEMORY = new RepeatedEventLog(LOG, Level.ERROR);
    private static final RepeatedEventLog UNEXPECTED = new RepeatedEventLog(LOG, Level.WARN);

    private ConnectionFailures() {}

    /**
     * Closes the connection of {@code ctx} after {@code cause}.
     *
     * @param protocol     the listener's name in log lines
     * @param clientsFault which failures a client causes by what it sends (the protocol's malformed-input errors)
     */
    public static void close(
            ChannelHandlerContext ctx, Throwable cause, String protocol, Predicate<Throwable> clientsFault) {
        Object peer = ctx.channel().remoteAddress();
        FatalErrors.exitIfFatal(cause, protocol, peer);
        if (cause instanceof IOException) {
            LOG.debug("{}: {} connection failed: {}", peer, protocol, LogText.client(cause.getMessage()));
        } else if (clientsFault.test(cause)) {
            BROKE_PROTOCOL.occurred(
                    "closed {} {} connection(s) that broke the protocol (latest from {}: {})",
                    protocol,
                    peer,
                    LogText.client(cause.getMessage()));
        } else if (cause instanceof OutOfMemoryError) {
            OUT_OF_MEMORY.occurred(
                    "closed {} {} connection(s) for want of direct memory (latest from {}: {}); "
                            + "lower --max-unsent or --max-connections, or raise -XX:MaxDirectMemorySize",
                    protocol,
                    peer,
                    cause.getMessage());
        } else {
            UNEXPECTED.occurred(
                    "closed {} {} connection(s) after an unexpected failure (latest from {})", protocol, peer, cause);
        }
        ctx.close();
    }
}
