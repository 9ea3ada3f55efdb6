package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dist/install.sh with DESTDIR: the files a service install puts in place, and the launcher working from there. */
class InstallScriptIT {
    private static final Path INSTALL = Path.of("..", "dist", "install.sh");
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path destDir;

    @Test
    void installsTheFilesAndSaysHowToStartTheService() throws Exception {
        BoundedProcess.Result result = install();

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stdout()).contains("  systemctl daemon-reload && systemctl enable --now aspstate");
        assertThat(destDir.resolve("opt/aspstate/lib/aspstate.jar"))
                .hasSameBinaryContentAs(Path.of(System.getProperty("aspstate.jar")));
        assertThat(destDir.resolve("opt/aspstate/bin/aspstate"))
                .isExecutable()
                .hasSameTextualContentAs(Path.of("..", "bin", "aspstate"));
        assertThat(destDir.resolve("etc/systemd/system/aspstate.service"))
                .hasSameTextualContentAs(Path.of("..", "dist", "aspstate.service"));
        Path conf = destDir.resolve("etc/aspstate/aspstate.conf");
        assertThat(conf).hasSameTextualContentAs(Path.of("..", "dist", "aspstate.conf"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(conf)))
                .isEqualTo("rw-r-----");
    }

    @Test
    void theInstalledLauncherFindsTheInstalledJar() throws Exception {
        assertThat(install().exitCode()).isZero();

        assertVersionFrom(destDir.resolve("opt/aspstate/bin/aspstate"));
    }

    /** The admin commands' help and docs say {@code aspstate stats}: the launcher is on the PATH by that name. */
    @Test
    void theLauncherIsLinkedIntoUsrLocalBin() throws Exception {
        assertThat(install().exitCode()).isZero();

        Path link = destDir.resolve("usr/local/bin/aspstate");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertVersionFrom(link);
    }

    private void assertVersionFrom(Path launcher) throws Exception {
        BoundedProcess.Result version = BoundedProcess.run(
                List.of(launcher.toString(), "--version"),
                Map.of("ASPSTATE_JAR", "", "ASPSTATE_DRY_RUN", "", "ASPSTATE_JAVA_OPTS", ""),
                "",
                LIMIT);

        assertThat(version.exitCode()).as(version.stderr()).isZero();
        assertThat(version.stdout()).containsExactly("aspstate " + System.getProperty("aspstate.expectedVersion"));
    }

    @Test
    void anExistingConfigIsKept() throws Exception {
        Path conf = destDir.resolve("etc/aspstate/aspstate.conf");
        Files.createDirectories(conf.getParent());
        Files.writeString(conf, "max-memory = 2GiB\n", StandardCharsets.UTF_8);

        BoundedProcess.Result result = install();

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(conf).hasContent("max-memory = 2GiB");
        assertThat(result.stdout()).anySatisfy(line -> assertThat(line).startsWith("kept " + conf));
    }

    private BoundedProcess.Result install() throws Exception {
        return BoundedProcess.run(List.of(INSTALL.toString()), Map.of("DESTDIR", destDir.toString()), "", LIMIT);
    }
}
