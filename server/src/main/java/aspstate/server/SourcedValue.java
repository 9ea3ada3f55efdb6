package aspstate.server;

import aspstate.cli.RefusedValue;
import java.nio.file.Path;

/**
 * The text of one setting and where it came from, so that a message about a bad value can point at the place to
 * fix: the command line ({@code --max-body abc}) or a line of the config file ({@code max-body=abc in FILE}).
 *
 * @param key  the option's long name without dashes, which is also its key in the config file
 * @param text the value as written
 * @param file the config file it was read from, or null for the command line (or the built-in default)
 */
record SourcedValue(String key, String text, Path file) {

    static SourcedValue fromCommandLine(String key, String text) {
        return new SourcedValue(key, text, null);
    }

    static SourcedValue fromFile(String key, String text, Path file) {
        return new SourcedValue(key, text, file);
    }

    /** Where the value was written, without the value: for secrets, which must not reach a terminal or log. */
    String whereWithoutText() {
        return file != null ? key + " in " + file : "--" + key;
    }

    /** Where the value was written, as the user would type it. */
    String where() {
        if (file != null) {
            return key + "=" + text + " in " + file;
        }
        return RefusedValue.asWritten("--" + key, text);
    }
}
