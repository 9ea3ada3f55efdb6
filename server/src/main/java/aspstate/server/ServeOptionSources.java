package aspstate.server;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Records, for every option of {@code serve}, where its value was written: the command line, the config file or
 * the built-in default, for messages about a value that arise after picocli converted it (a limit of a settings
 * record, a port that turns out to be taken). The option names (without dashes) are the config file's keys.
 */
final class ServeOptionSources {
    private ServeOptionSources() {}

    /** The keys a config file may use: every setting option of the command, named without dashes. */
    static Set<String> keys(CommandSpec spec) {
        return settingOptions(spec).stream().map(ServeOptionSources::key).collect(Collectors.toSet());
    }

    /** The keys a config file may repeat: the options the command line takes more than once. */
    static Set<String> repeatableKeys(CommandSpec spec) {
        return settingOptions(spec).stream()
                .filter(OptionSpec::isMultiValue)
                .map(ServeOptionSources::key)
                .collect(Collectors.toSet());
    }

    /**
     * An unset option that follows another (--tds-bind and --cluster-bind follow --bind) is reported where that one
     * was written, so that a message about the address names the option the user actually wrote.
     */
    static final Map<String, String> FOLLOWS =
            Map.of(ServerOptions.TDS_BIND, ServerOptions.BIND, ServerOptions.CLUSTER_BIND, ServerOptions.BIND);

    /**
     * @param fileEntries the config file's entries (already checked against {@link #keys}), or empty
     * @param file        the config file, or null
     */
    static Map<String, SourcedValue> collect(CommandSpec spec, Map<String, String> fileEntries, Path file) {
        ParseResult parsed = spec.commandLine().getParseResult();
        Map<String, SourcedValue> values = new LinkedHashMap<>();
        for (OptionSpec option : settingOptions(spec)) {
            String key = key(option);
            if (parsed.hasMatchedOption(option)) {
                values.put(key, SourcedValue.fromCommandLine(key, asWritten(parsed, option)));
            } else if (fileEntries.containsKey(key)) {
                values.put(key, SourcedValue.fromFile(key, fileEntries.get(key), file));
            } else if (!FOLLOWS.containsKey(key)) {
                // Every option has a text: one without a default (--data-dir) has an empty one while unset.
                values.put(
                        key, SourcedValue.fromCommandLine(key, Objects.requireNonNullElse(option.defaultValue(), "")));
            }
        }
        FOLLOWS.forEach((key, leader) -> values.putIfAbsent(key, values.get(leader)));
        return values;
    }

    private static List<OptionSpec> settingOptions(CommandSpec spec) {
        return spec.options().stream()
                .filter(option -> !option.usageHelp() && !option.versionHelp())
                .filter(option -> !key(option).equals(ServerOptions.CONFIG))
                .collect(Collectors.toList());
    }

    static String key(OptionSpec option) {
        return option.longestName().replaceFirst("^--", "");
    }

    /** The option's text as typed, before picocli splits it; a repeated option's occurrences joined by commas. */
    private static String asWritten(ParseResult parsed, OptionSpec option) {
        return String.join(",", parsed.matchedOption(option.longestName()).originalStringValues());
    }
}
