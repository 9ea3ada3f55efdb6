package aspstate.store.infinispan;

import aspstate.core.LogText;
import aspstate.core.RepeatedEventLog;
import java.util.Arrays;
import java.util.IllegalFormatException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jgroups.logging.CustomLogFactory;
import org.jgroups.logging.Log;
import org.jgroups.logging.LogFactory;
import org.jgroups.logging.Slf4jLogImpl;
import org.jgroups.protocols.TCP;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * What JGroups's cluster transport logs at WARN and above, grouped: one line per kind per 10 s with a count, the
 * latest occurrence's text escaped and cut, and its exception on one line (the stack trace at DEBUG). Anyone who
 * reaches the cluster port can make the transport warn (a wrong version, garbage frames): 500 such connections
 * logged 557 lines, ERRORs with stack traces among them. A kind is the start of the text without its digits; at
 * most {@link #MAX_KINDS}, the rest share one.
 */
final class GroupedTransportLogs implements Log {
    static final int MAX_KINDS = 64;
    private static final int KIND_CHARS = 48;

    private final Log delegate;
    private final Logger logger;
    private final Map<String, RepeatedEventLog> kinds = new ConcurrentHashMap<>();

    private GroupedTransportLogs(Log delegate, Logger logger) {
        this.delegate = delegate;
        this.logger = logger;
    }

    /** The transport's log, named as JGroups names it, grouped. */
    static Log wrap(Log log) {
        return log instanceof GroupedTransportLogs
                ? log
                : new GroupedTransportLogs(log, LoggerFactory.getLogger(TCP.class));
    }

    /**
     * Makes JGroups give {@link CappedTcp} the grouped log of {@link TCP} (its protocols' logs are made as they are
     * constructed, and kept in a final field); every other class gets the log JGroups would give it (SLF4J's).
     */
    static void install() {
        if (LogFactory.getCustomLogFactory() instanceof Factory) {
            return;
        }
        LogFactory.setCustomLogFactory(new Factory());
    }

    private static final class Factory implements CustomLogFactory {
        @Override
        public Log getLog(Class<?> clazz) {
            return clazz == CappedTcp.class ? wrap(new Slf4jLogImpl(TCP.class)) : new Slf4jLogImpl(clazz);
        }

        @Override
        public Log getLog(String category) {
            return new Slf4jLogImpl(category);
        }
    }

    private void grouped(Level level, String text, Throwable thrown) {
        if (closedHere(text, thrown)) {
            // This node closed the connection while a message was being read from it: when two nodes connect to each
            // other at once (every start of a whole cluster) the transport keeps one connection and closes the other.
            if (delegate.isDebugEnabled()) {
                delegate.debug(text, thrown);
            }
            return;
        }
        String kind = kindOf(text);
        RepeatedEventLog events = kinds.get(level + kind);
        if (events == null) {
            String key = kinds.size() < MAX_KINDS ? level + kind : level + "other";
            events = kinds.computeIfAbsent(key, k -> new RepeatedEventLog(logger, level));
        }
        events.occurred(
                "{} cluster transport event(s) of this kind (latest: {}{})",
                LogText.client(text),
                thrown == null ? "" : ": " + LogText.client(thrown.toString()));
        if (thrown != null && delegate.isDebugEnabled()) {
            delegate.debug(text, thrown);
        }
    }

    /** Whether the event is a read that ended because this node closed the stream or socket it read from. */
    static boolean closedHere(String text, Throwable thrown) {
        String said = thrown == null ? text : text + " " + thrown;
        return said.contains("Stream closed") || said.contains("Socket closed");
    }

    /** The text's first 48 characters once digits are dropped: addresses, ports and counts vary, words do not. */
    static String kindOf(String text) {
        String words = text.replaceAll("\\d", "");
        return words.length() > KIND_CHARS ? words.substring(0, KIND_CHARS) : words;
    }

    private static String format(String format, Object... args) {
        try {
            return String.format(format, args);
        } catch (IllegalFormatException e) {
            return format + " " + Arrays.toString(args);
        }
    }

    @Override
    public void fatal(String msg) {
        grouped(Level.ERROR, msg, null);
    }

    @Override
    public void fatal(String format, Object... args) {
        grouped(Level.ERROR, format(format, args), null);
    }

    @Override
    public void fatal(String msg, Throwable throwable) {
        grouped(Level.ERROR, msg, throwable);
    }

    @Override
    public void error(String msg) {
        grouped(Level.ERROR, msg, null);
    }

    @Override
    public void error(String format, Object... args) {
        grouped(Level.ERROR, format(format, args), null);
    }

    @Override
    public void error(String msg, Throwable throwable) {
        grouped(Level.ERROR, msg, throwable);
    }

    @Override
    public void warn(String msg) {
        grouped(Level.WARN, msg, null);
    }

    @Override
    public void warn(String format, Object... args) {
        grouped(Level.WARN, format(format, args), null);
    }

    @Override
    public void warn(String msg, Throwable throwable) {
        grouped(Level.WARN, msg, throwable);
    }

    @Override
    public boolean isFatalEnabled() {
        return delegate.isFatalEnabled();
    }

    @Override
    public boolean isErrorEnabled() {
        return delegate.isErrorEnabled();
    }

    @Override
    public boolean isWarnEnabled() {
        return delegate.isWarnEnabled();
    }

    @Override
    public boolean isInfoEnabled() {
        return delegate.isInfoEnabled();
    }

    @Override
    public boolean isDebugEnabled() {
        return delegate.isDebugEnabled();
    }

    @Override
    public boolean isTraceEnabled() {
        return delegate.isTraceEnabled();
    }

    @Override
    public void info(String msg) {
        delegate.info(msg);
    }

    @Override
    public void info(String format, Object... args) {
        delegate.info(format, args);
    }

    @Override
    public void debug(String msg) {
        delegate.debug(msg);
    }

    @Override
    public void debug(String format, Object... args) {
        delegate.debug(format, args);
    }

    @Override
    public void debug(String msg, Throwable throwable) {
        delegate.debug(msg, throwable);
    }

    @Override
    public void trace(Object obj) {
        delegate.trace(obj);
    }

    @Override
    public void trace(String msg) {
        delegate.trace(msg);
    }

    @Override
    public void trace(String format, Object... args) {
        delegate.trace(format, args);
    }

    @Override
    public void trace(String msg, Throwable throwable) {
        delegate.trace(msg, throwable);
    }

    @Override
    public void setLevel(String level) {
        delegate.setLevel(level);
    }

    @Override
    public String getLevel() {
        return delegate.getLevel();
    }
}
