package aspstate.core.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * What one class (or one logger) logs while a test runs, at {@code level} and above whatever the configured level: open it before
 * the code under test runs, read {@link #events()}, close it (in try-with-resources) to put the logger back.
 */
public final class CapturedLog implements AutoCloseable {
    private final Logger logger;
    private final Level previousLevel;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    public CapturedLog(Class<?> loggingClass, Level level) {
        this(loggingClass.getName(), level);
    }

    /** What a named logger logs: {@code org.slf4j.Logger.ROOT_LOGGER_NAME} for everything. */
    public CapturedLog(String loggerName, Level level) {
        logger = (Logger) LoggerFactory.getLogger(loggerName);
        previousLevel = logger.getLevel();
        appender.start();
        logger.addAppender(appender);
        logger.setLevel(level);
    }

    public List<ILoggingEvent> events() {
        return appender.list;
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        logger.setLevel(previousLevel);
    }
}
