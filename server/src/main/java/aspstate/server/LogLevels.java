package aspstate.server;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies {@code --log-level} to Logback. Netty's own loggers follow it down to info only: their debug output
 * (allocator and native-library reports) would drown ours at debug, so it appears only at trace. Infinispan's and
 * JGroups' follow it down to warn only, info at debug: what an operator needs of them (the cluster's members,
 * restarts) the stores log themselves, and the libraries' own info lines are about their internals.
 */
final class LogLevels {
    static final String NETTY_LOGGER = "io.netty";
    static final String INFINISPAN_LOGGER = "org.infinispan";
    static final String JGROUPS_LOGGER = "org.jgroups";
    /**
     * Netty's probe of what the JVM allows (Unsafe, reflective access) logs each capability it lacks with a stack
     * trace at debug: normal on Java 17 and alarming to read, so it stays quiet at every level.
     */
    static final String NETTY_PROBE_LOGGER = "io.netty.util.internal.PlatformDependent0";

    private LogLevels() {}

    static void apply(LogLevel level) {
        logger(org.slf4j.Logger.ROOT_LOGGER_NAME).setLevel(logback(level));
        LogLevel netty = level == LogLevel.DEBUG ? LogLevel.INFO : level;
        logger(NETTY_LOGGER).setLevel(logback(netty));
        logger(NETTY_PROBE_LOGGER).setLevel(logback(level.compareTo(LogLevel.INFO) > 0 ? LogLevel.INFO : level));
        LogLevel cluster = level == LogLevel.INFO ? LogLevel.WARN : level == LogLevel.DEBUG ? LogLevel.INFO : level;
        logger(INFINISPAN_LOGGER).setLevel(logback(cluster));
        logger(JGROUPS_LOGGER).setLevel(logback(cluster));
    }

    private static Logger logger(String name) {
        return (Logger) LoggerFactory.getLogger(name);
    }

    private static Level logback(LogLevel level) {
        return Level.toLevel(level.name());
    }
}
