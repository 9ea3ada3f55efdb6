package aspstate.server;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A data directory that cannot be used is refused with the system's reason, not only its path. */
class DataDirectoryErrorsTest {
    @TempDir
    Path dir;

    @Test
    void aDirectoryThatCannotBeCreatedSaysWhy() {
        String inProc = "/proc/aspstate-test-" + ProcessHandle.current().pid();

        assertThatThrownBy(() -> start(inProc))
                .isInstanceOf(UserError.class)
                .hasMessage("--data-dir " + inProc + ": cannot create " + inProc + ": No such file or directory");
    }

    @Test
    void aFileIsNotADirectory() throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-dir"), "x");

        assertThatThrownBy(() -> start(file.toString()))
                .isInstanceOf(UserError.class)
                .hasMessage("--data-dir " + file + ": " + file + " is not a directory");
    }

    @Test
    void aDirectoryBelowAFileSaysWhichOneIsNotADirectory() throws Exception {
        Path below = Files.writeString(dir.resolve("file"), "x").resolve("data");

        assertThatThrownBy(() -> start(below.toString()))
                .isInstanceOf(UserError.class)
                .hasMessage("--data-dir " + below + ": cannot create " + below + ": Not a directory");
    }

    private static void start(String dataDir) {
        RunningServer.start(CliRun.serve("--stateserver-port", "0", "--tds-port", "off", "--data-dir", dataDir))
                .close();
    }
}
