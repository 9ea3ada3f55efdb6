package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusUtil;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** logback.xml loads cleanly (a broken file makes Logback print its own noise on every start). */
class LoggingConfigurationTest {

    @Test
    void loadsWithoutErrorsAndLogsToStderr() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();

        assertThat(new StatusUtil(context).getHighestLevel(0))
                .as(() -> context.getStatusManager().getCopyOfStatusList().toString())
                .isLessThan(Status.WARN);
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        assertThat(root.getAppender("STDERR"))
                .isInstanceOfSatisfying(
                        ConsoleAppender.class,
                        appender -> assertThat(appender.getTarget()).isEqualTo("System.err"));
    }
}
