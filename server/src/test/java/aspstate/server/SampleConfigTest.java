package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.store.journal.JournalSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * dist/aspstate.conf, the sample config the service is installed with, documents every option of serve, so that an
 * option added without a line there fails the build; and as shipped it is a config serve accepts.
 */
class SampleConfigTest {
    private static final Path SAMPLE = Path.of("..", "dist", "aspstate.conf");
    /** A setting: "key = value" when active, "#key = value" when it only shows a value; prose is "# ...". */
    private static final Pattern SETTING = Pattern.compile("^(#?)([a-z][a-z0-9-]*)\\s*=\\s*(.*)$");

    private final CommandSpec serve = ReadmeOptionsTest.serve();

    private record Setting(int line, boolean active, String value) {}

    @Test
    void documentsEveryOptionOfServeAndNothingElse() throws IOException {
        Set<String> documented = settings().keySet();
        Set<String> options = ServeOptionSources.keys(serve);

        assertThat(options).as("options of serve missing from %s", SAMPLE).isSubsetOf(documented);
        assertThat(documented)
                .as("keys in %s that are not options of serve", SAMPLE)
                .isSubsetOf(options);
    }

    @Test
    void aCommentedSettingShowsTheDefaultOfHelpAndAnActiveOneChangesIt() throws IOException {
        for (Map.Entry<String, Setting> entry : settings().entrySet()) {
            Setting setting = entry.getValue();
            OptionSpec option = serve.findOption(entry.getKey());
            assertThat(option)
                    .as("line %d: %s is an option of serve", setting.line(), entry.getKey())
                    .isNotNull();
            String defaultValue = option.defaultValue();
            if (setting.active()) {
                assertThat(setting.value())
                        .as("line %d sets %s to its default: comment it out", setting.line(), entry.getKey())
                        .isNotEqualTo(defaultValue == null ? "" : defaultValue);
            } else if (defaultValue != null && !defaultValue.isEmpty()) {
                assertThat(setting.value())
                        .as("line %d: the default of %s", setting.line(), entry.getKey())
                        .isEqualTo(defaultValue);
            }
        }
    }

    @Test
    void everySettingFollowsItsDescription() throws IOException {
        List<String> lines = Files.readAllLines(SAMPLE, StandardCharsets.UTF_8);
        for (Setting setting : settings().values()) {
            assertThat(lines.get(setting.line() - 2))
                    .as("the line above line %d", setting.line())
                    .startsWith("# ");
        }
    }

    @Test
    void loadsAsShippedAndServeAcceptsIt() throws IOException {
        Map<String, String> loaded =
                ConfigFile.load(SAMPLE, ServeOptionSources.keys(serve), ServeOptionSources.repeatableKeys(serve));
        Map<String, String> active = new TreeMap<>();
        settings().forEach((key, setting) -> {
            if (setting.active()) {
                active.put(key, setting.value());
            }
        });

        assertThat(loaded).as("what the config loader reads from %s", SAMPLE).isEqualTo(active);
        ServeOptions options = CliRun.serve("--config", SAMPLE.toString());
        assertThat(options.journal().map(JournalSettings::directory)).hasValue(Path.of("/var/lib/aspstate"));
    }

    /** The file's settings by key, each documented once. */
    private Map<String, Setting> settings() throws IOException {
        Map<String, Setting> settings = new TreeMap<>();
        List<String> lines = Files.readAllLines(SAMPLE, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            Matcher matcher = SETTING.matcher(lines.get(i));
            if (matcher.matches()) {
                Setting earlier = settings.put(
                        matcher.group(2), new Setting(i + 1, matcher.group(1).isEmpty(), matcher.group(3)));
                assertThat(earlier)
                        .as(
                                "%s on line %d is already on line %d",
                                matcher.group(2), i + 1, earlier == null ? 0 : earlier.line())
                        .isNull();
            }
        }
        return settings;
    }
}
