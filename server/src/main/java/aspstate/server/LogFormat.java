package aspstate.server;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import java.util.Locale;
import org.slf4j.LoggerFactory;

/**
 * {@code --log-format}: lines for people (text, as logback.xml writes them) or one JSON object per line for a log
 * collector (Logback's own JSON encoder: timestamp, level, thread, logger, the formatted message, any throwable).
 */
enum LogFormat {
    TEXT,
    JSON;

    static final String CHOICES = "text or json";
    /** The appender logback.xml defines. */
    private static final String APPENDER = "STDERR";

    static LogFormat parse(String text) {
        for (LogFormat format : values()) {
            if (format.name().equalsIgnoreCase(text.trim())) {
                return format;
            }
        }
        throw new IllegalArgumentException("not a log format: '" + text + "' (use " + CHOICES + ")");
    }

    /** Switches the stderr appender to JSON; text is what logback.xml already set up. */
    void apply() {
        if (this == TEXT) {
            return;
        }
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ConsoleAppender<ILoggingEvent> appender = (ConsoleAppender<ILoggingEvent>) root.getAppender(APPENDER);
        JsonEncoder encoder = new JsonEncoder();
        encoder.setContext(context);
        encoder.setWithSequenceNumber(false);
        encoder.setWithNanoseconds(false);
        encoder.setWithContext(false);
        encoder.setWithMarkers(false);
        encoder.setWithMDC(false);
        encoder.setWithKVPList(false);
        encoder.setWithMessage(false);
        encoder.setWithArguments(false);
        encoder.setWithFormattedMessage(true);
        encoder.start();
        appender.stop();
        appender.setEncoder(encoder);
        appender.start();
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
