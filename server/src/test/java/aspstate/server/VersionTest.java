package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VersionTest {

    @Test
    void isTheProjectVersionFilledInByTheBuild() {
        assertThat(Version.current()).doesNotContain("${").isEqualTo(System.getProperty("aspstate.expectedVersion"));
    }

    @Test
    void versionOptionPrintsNameAndVersion() {
        CliRun run = CliRun.run("--version");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out().trim()).isEqualTo("aspstate " + Version.current());
    }
}
