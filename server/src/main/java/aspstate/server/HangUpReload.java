package aspstate.server;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGHUP, which would otherwise stop the JVM like SIGTERM, re-reads the config file and applies its log level;
 * every other setting takes effect at the next start, as the log line says. A file that no longer parses changes
 * nothing.
 */
final class HangUpReload {
    private static final Logger LOG = LoggerFactory.getLogger(HangUpReload.class);

    private HangUpReload() {}

    static void install(ServeOptions options) {
        SignalHandler before = Signal.handle(new Signal("HUP"), signal -> reload(options));
        if (before == SignalHandler.SIG_IGN) {
            // The JVM keeps a signal ignored that the process was started ignoring (nohup does that to SIGHUP).
            LOG.warn("SIGHUP is ignored by this process (started under nohup?): the log level cannot be reloaded "
                    + "with it; restart to change it");
        }
    }

    static void reload(ServeOptions options) {
        try {
            SourcedValue level = options.reread().get().get(ServeCommand.LOG_LEVEL);
            LogLevel parsed;
            try {
                parsed = LogLevel.parse(level.text());
            } catch (IllegalArgumentException e) {
                throw new UserError(level.where() + ": " + e.getMessage());
            }
            LogLevels.apply(parsed);
            LOG.info("SIGHUP: log level {} ({}); other settings take effect at the next start", parsed, level.where());
        } catch (UserError e) {
            LOG.warn("SIGHUP: {}; nothing changed", e.getMessage());
        }
    }
}
