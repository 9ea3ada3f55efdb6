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
            LogLevelSetting setting = options.reread().get();
            LogLevels.apply(setting.level());
            LOG.info(
                    "SIGHUP: log level {} ({}); other settings take effect at the next start",
                    setting.level(),
                    setting.where());
        } catch (UserError e) {
            LOG.warn("SIGHUP: {}; nothing changed", e.getMessage());
        }
    }

    /**
     * The log level the options give now, with the config file read again.
     *
     * @param where where it was written, e.g. "log-level=debug in /etc/aspstate.conf"
     */
    record LogLevelSetting(LogLevel level, String where) {}
}
