package aspstate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The bench jar's command line, as the README shows it. */
class BenchMainTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = BenchMain.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void runHelpListsItsOptionsWithoutATarget() {
        assertThat(run("run", "--help")).isZero();
        assertThat(out.toString()).contains("--target", "--rate", "--progress-every");
    }

    @Test
    void theHelpCommandShowsACommandsHelp() {
        assertThat(run("help", "run")).isZero();
        assertThat(out.toString()).contains("--target");
    }

    @Test
    void runWithoutATargetIsOneLineAndExitCodeTwo() {
        assertThat(run("run")).isEqualTo(2);
        assertThat(err.toString().lines()).singleElement().asString().contains("--target");
    }

    @Test
    void aDurationTheServerWouldRefuseIsRefusedInTheSameWords() {
        assertThat(run("run", "--target", "stateserver://127.0.0.1:42424", "--duration", "5x"))
                .isEqualTo(2);
        assertThat(err.toString().lines())
                .containsExactly("aspstate-bench: --duration 5x: not a duration: '5x' (examples: 500ms, 30s, 2m, 1h; "
                        + "a plain number means seconds)");
    }

    @Test
    void diskSyncsGivesALinePerThreadCountAndLeavesNoFile(@TempDir Path dir) {
        assertThat(run("disk-syncs", "--dir", dir.toString(), "--threads", "1,2", "--seconds", "1"))
                .isZero();

        assertThat(out.toString().lines()).hasSize(2);
        assertThat(out.toString())
                .containsPattern("1 thread\\(s\\): [0-9,]+ syncs/s")
                .containsPattern("2 thread\\(s\\): [0-9,]+ syncs/s")
                .containsPattern("[0-9.]+ us of CPU a sync");
        assertThat(dir).isEmptyDirectory();
    }
}
