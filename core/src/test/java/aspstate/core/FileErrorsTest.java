package aspstate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real file system errors, as Java reports them, in the system's words. */
class FileErrorsTest {
    @TempDir
    Path dir;

    @Test
    void aDirectoryThatCannotBeCreatedSaysWhy() {
        Path inProc = Path.of("/proc/aspstate-test-" + ProcessHandle.current().pid());
        IOException e = catchThrowableOfType(() -> Files.createDirectories(inProc), IOException.class);

        assertThat(e.getMessage()).as("what Java says alone").isEqualTo(inProc.toString());
        assertThat(FileErrors.reason(e, inProc)).isEqualTo("No such file or directory");
    }

    @Test
    void aParentThatIsAFileIsNotADirectory() throws IOException {
        Path file = Files.writeString(dir.resolve("file"), "x");
        Path below = file.resolve("data");
        IOException e = catchThrowableOfType(() -> Files.createDirectories(below), IOException.class);

        assertThat(FileErrors.reason(e, below)).isEqualTo("Not a directory");
        assertThat(FileErrors.reason(e, file))
                .as("another path than the one asked for is named")
                .isEqualTo(below + ": Not a directory");
    }

    @Test
    void aMissingFileToReadAndAnUnknownOne() {
        Path missing = dir.resolve("missing");
        IOException e = catchThrowableOfType(() -> Files.readString(missing), IOException.class);

        assertThat(FileErrors.reason(e, missing)).isEqualTo("No such file or directory");
        assertThat(FileErrors.reason(new IOException("disk on fire"))).isEqualTo("disk on fire");
        assertThat(FileErrors.reason(new java.nio.file.FileSystemException("/x", null, "Read-only file system")))
                .isEqualTo("Read-only file system");
    }

    @Test
    void permissionDeniedIsSaidSo() {
        assertThat(FileErrors.reason(new java.nio.file.AccessDeniedException("/etc/shadow")))
                .isEqualTo("Permission denied");
    }
}
