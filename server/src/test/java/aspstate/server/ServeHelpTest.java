package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ByteSize;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.OptionSpec;

class ServeHelpTest {

    @Test
    void helpListsEveryOptionWithItsDefault() {
        CliRun run = CliRun.run("serve", "--help");

        assertThat(run.exitCode()).isZero();
        assertEveryOptionHasItsDefault(run.out());
    }

    @Test
    void theHelpCommandListsTheCommandsAndShowsOnesHelp() {
        CliRun overview = CliRun.run("help");
        assertThat(overview.exitCode()).isZero();
        assertThat(overview.out()).contains("serve", "hash-password", "cluster-stop", "help");

        CliRun serve = CliRun.run("help", "serve");
        assertThat(serve.exitCode()).isZero();
        assertEveryOptionHasItsDefault(serve.out());
    }

    @Test
    void helpSaysThatAllowReplacesTheDefaultList() {
        String help = CliRun.run("serve", "--help").out().replaceAll("\\s+", " ");

        assertThat(help).contains("REPLACE the default, so include 127.0.0.0/8");
    }

    /** The --config entry shows a line of a config file: that line, in a file, is accepted and means what it says. */
    @Test
    void theConfigFileLineTheHelpShowsWorksAsWritten(@TempDir Path dir) throws Exception {
        String help = CliRun.run("serve", "--help").out().replaceAll("\\s+", " ");
        Matcher example =
                Pattern.compile("without dashes, e\\.g\\. (\\S+?)=(\\S+?);").matcher(help);
        assertThat(example.find()).as(help).isTrue();
        Path config = Files.writeString(dir.resolve("aspstate.conf"), example.group(1) + "=" + example.group(2));

        ServeOptions options = CliRun.serve("--config", config.toString());

        assertThat(example.group(1)).isEqualTo("max-memory");
        assertThat(options.memoryStore().maxMemoryBytes()).isEqualTo(ByteSize.parse(example.group(2)));
    }

    /**
     * Checks, for each option, that "Default: value" follows its entry in the option list, before the next entry,
     * in the words the README's table uses too ({@link ReadmeOptionsTest#expectedDefault}). The
     * synopsis above the list names the options too, hence lastIndexOf. Whitespace is ignored because help wraps
     * long descriptions.
     */
    static void assertEveryOptionHasItsDefault(String help) {
        String compact = help.replaceAll("\\s+", "");
        List<OptionSpec> options = ReadmeOptionsTest.serve().options().stream()
                .filter(option -> !option.usageHelp() && !option.versionHelp())
                .toList();
        for (int i = 0; i < options.size(); i++) {
            String option = options.get(i).longestName() + "=";
            int start = compact.lastIndexOf(option);
            assertThat(start).as("help lists %s", option).isNotNegative();
            int end = i + 1 < options.size()
                    ? compact.lastIndexOf(options.get(i + 1).longestName() + "=")
                    : compact.length();
            assertThat(end).as("the option after %s is listed after it", option).isGreaterThan(start);
            assertThat(compact.substring(start, end))
                    .as("description of %s", option)
                    .contains("Default:"
                            + ReadmeOptionsTest.expectedDefault(options.get(i)).replaceAll("\\s+", ""));
        }
    }
}
