package aspstate.server;

import java.util.Locale;

/** The levels {@code --log-level} accepts, most severe first. */
enum LogLevel {
    ERROR,
    WARN,
    INFO,
    DEBUG,
    TRACE;

    static final String CHOICES = "error, warn, info, debug or trace";

    /** @throws IllegalArgumentException naming the choices */
    static LogLevel parse(String text) {
        for (LogLevel level : values()) {
            if (level.name().equalsIgnoreCase(text.trim())) {
                return level;
            }
        }
        throw new IllegalArgumentException("not a log level: '" + text + "' (use " + CHOICES + ")");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
