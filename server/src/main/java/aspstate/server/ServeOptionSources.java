package aspstate.server;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Decides, for every option of {@code serve}, which text counts: the command line first, then the config file,
 * then the built-in default. The option names (without dashes) are the config file's keys.
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
     * @param fileEntries the config file's entries (already checked against {@link #keys}), or empty
     * @param file        the config file, or null
     */
    static Map<String, SourcedValue> collect(CommandSpec spec, Map<String, String> fileEntries, Path file) {
        ParseResult parsed = spec.commandLine().getParseResult();
        Map<String, SourcedValue> values = new LinkedHashMap<>();
        for (OptionSpec option : settingOptions(spec)) {
            String key = key(option);
            SourcedValue value;
            if (parsed.hasMatchedOption(option)) {
                value = SourcedValue.fromCommandLine(key, asWritten(parsed, option));
            } else if (fileEntries.containsKey(key)) {
                value = SourcedValue.fromFile(key, fileEntries.get(key), file);
            } else {
                value = SourcedValue.fromCommandLine(key, option.defaultValue());
            }
            values.put(key, value);
        }
        return values;
    }

    private static List<OptionSpec> settingOptions(CommandSpec spec) {
        return spec.options().stream()
                .filter(option -> !option.usageHelp() && !option.versionHelp())
                .filter(option -> !key(option).equals(ServeCommand.CONFIG))
                .collect(Collectors.toList());
    }

    private static String key(OptionSpec option) {
        return option.longestName().replaceFirst("^--", "");
    }

    /** The option's text as typed, before picocli splits it; a repeated option's occurrences joined by commas. */
    private static String asWritten(ParseResult parsed, OptionSpec option) {
        return String.join(",", parsed.matchedOption(option.longestName()).originalStringValues());
    }
}
