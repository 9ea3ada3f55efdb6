package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The README's options table and exit codes say what serve's options (ServerOptions) say, so that an option added
 * without a row there, or a default changed in one place only, fails the build.
 */
class ReadmeOptionsTest {
    private static final Path README = Path.of("..", "README.md");
    /** | `--name LABEL` | default | meaning | */
    private static final Pattern OPTION_ROW = Pattern.compile("^\\| `--([a-z-]+) ([^`]+)` \\| (.+?) \\| .+ \\|$");
    /** | `2` | meaning | */
    private static final Pattern EXIT_CODE_ROW = Pattern.compile("^\\| `(\\d+)` \\| (.+) \\|$");

    /** One row of the README's options table, backticks and escapes removed. */
    record Row(String label, String defaultValue) {}

    @Test
    void listsEveryOptionOfServeAndNothingElse() throws IOException {
        assertThat(optionsTable().keySet())
                .containsExactlyInAnyOrderElementsOf(serve().options().stream()
                        .filter(option -> !option.usageHelp() && !option.versionHelp())
                        .map(ServeOptionSources::key)
                        .toList());
    }

    @Test
    void showsEachOptionsValueAndDefault() throws IOException {
        CommandSpec serve = serve();
        optionsTable().forEach((key, row) -> {
            OptionSpec option = serve.findOption(key);
            assertThat(row.label()).as("the value of --%s", key).startsWith(option.paramLabel());
            assertThat(row.defaultValue()).as("the default of --%s", key).isEqualTo(expectedDefault(option));
        });
    }

    @Test
    void listsTheExitCodesHelpLists() throws IOException {
        Map<String, String> readme = new LinkedHashMap<>();
        for (String line : readmeLines()) {
            Matcher row = EXIT_CODE_ROW.matcher(line);
            if (row.matches()) {
                readme.put(row.group(1), unquoted(row.group(2)));
            }
        }
        Map<String, String> help = new LinkedHashMap<>();
        serve().usageMessage().exitCodeList().forEach((code, meaning) -> help.put(code.trim(), meaning));

        assertThat(readme).isEqualTo(help);
        assertThat(CliRun.run("serve", "--help").out().replaceAll("\\s+", " "))
                .contains("Exit codes: 0 " + help.get("0"), " 2 " + help.get("2"), " 70 " + help.get("70"));
    }

    /** What the README and help say for the default: the value picocli starts the option with, else in words. */
    static String expectedDefault(OptionSpec option) {
        String key = ServeOptionSources.key(option);
        if (option.defaultValue() != null && !option.defaultValue().isEmpty()) {
            return option.defaultValue();
        }
        String leader = ServeOptionSources.FOLLOWS.get(key);
        return leader != null ? "the --" + leader + " value" : "none";
    }

    /** The README's options table by option name (without dashes), in the README's order. */
    static Map<String, Row> optionsTable() throws IOException {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (String line : readmeLines()) {
            Matcher row = OPTION_ROW.matcher(line);
            if (row.matches()) {
                Row earlier = rows.put(row.group(1), new Row(unquoted(row.group(2)), unquoted(row.group(3))));
                assertThat(earlier)
                        .as("--%s is in the table once", row.group(1))
                        .isNull();
            }
        }
        return rows;
    }

    static CommandSpec serve() {
        return Main.commandLine(options -> 0, 1, InputStream.nullInputStream())
                .getSubcommands()
                .get("serve")
                .getCommandSpec();
    }

    private static List<String> readmeLines() throws IOException {
        return Files.readAllLines(README, StandardCharsets.UTF_8);
    }

    private static String unquoted(String markdown) {
        return markdown.replace("`", "").replace("\\|", "|");
    }
}
