package aspstate.server;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies {@code --log-level} to Logback. Netty's own loggers follow it down to info only: their debug output
 * (allocator and native-library reports) would drown ours at debug, so it appears only at trace.
 */
final class LogLevels {
    static final String NETTY_LOGGER = "io.netty";

    private LogLevels() {
    }

    static void apply(LogLevel level) {
        logger(org.slf4j.Logger.ROOT_LOGGER_NAME).setLevel(logback(level));
        LogLevel netty = level == LogLevel.DEBUG ? LogLevel.INFO : level;
        logger(NETTY_LOGGER).setLevel(logback(netty));
    }

    private static Logger logger(String name) {
        return (Logger) LoggerFactory.getLogger(name);
    }

    private static Level logback(LogLevel level) {
        return Level.toLevel(level.name());
    }
}
