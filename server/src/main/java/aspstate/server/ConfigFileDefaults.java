package aspstate.server;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Feeds {@code --config FILE}'s entries to picocli as the values of the options the command line leaves out, so
 * that a value from the file goes through the same converter as one typed on the command line. picocli asks for
 * these after it has read the command line, so {@code --config} is known by then wherever it was written. Remembers
 * which options it supplied, so that a bad value is reported as the line of the file to fix; each command line it
 * serves is parsed once (a run, or a SIGHUP's parse on a command line of its own).
 */
final class ConfigFileDefaults implements IDefaultValueProvider {
    private Path loadedFrom;
    private Map<String, String> entries = Map.of();
    private final Set<String> supplied = new HashSet<>();

    /** The provider of a command that takes the server's options. */
    static ConfigFileDefaults of(CommandSpec spec) {
        return (ConfigFileDefaults) spec.defaultValueProvider();
    }

    @Override
    public String defaultValue(ArgSpec argument) {
        if (!(argument instanceof OptionSpec option)) {
            return null;
        }
        String key = ServeOptionSources.key(option);
        String value = entries(option.command()).get(key);
        if (value != null) {
            supplied.add(key);
        }
        return value;
    }

    /**
     * The config file's entries, read once; empty without {@code --config}.
     *
     * @throws UserError naming the file when it cannot be read or holds a key that is not an option
     */
    Map<String, String> entries(CommandSpec spec) {
        Path file = file(spec);
        if (file != null && !file.equals(loadedFrom)) {
            entries = ConfigFile.load(file, ServeOptionSources.keys(spec), ServeOptionSources.repeatableKeys(spec));
            loadedFrom = file;
        }
        return entries;
    }

    /** Where a value picocli could not convert was written, as the user would look for it. */
    static String where(OptionSpec option, String value) {
        String key = ServeOptionSources.key(option);
        if (option.command().defaultValueProvider() instanceof ConfigFileDefaults defaults
                && defaults.supplied.contains(key)) {
            return SourcedValue.fromFile(key, value, defaults.loadedFrom).where();
        }
        return SourcedValue.fromCommandLine(key, value).where();
    }

    private static Path file(CommandSpec spec) {
        return spec.findOption(ServerOptions.CONFIG).getValue();
    }
}
