package aspstate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** --tds-tls, in process: mssql-jdbc with its default encrypt=true, and a key store that cannot be used. */
@Timeout(60)
class TdsTlsTest {
    @TempDir
    Path dir;

    @Test
    void aSelfSignedCertificateServesTheDriversDefaultEncryption() throws SQLException {
        ServeOptions options = CliRun.serve("--stateserver-port", "0", "--tds-port", "0", "--tds-tls", "self-signed");
        try (RunningServer server = RunningServer.start(options);
                Connection connection = DriverManager.getConnection("jdbc:sqlserver://127.0.0.1:"
                        + server.tdsAddress().orElseThrow().getPort()
                        + ";trustServerCertificate=true;user=any;password=any;loginTimeout=10")) {
            assertThat(AspStateJdbc.tempGetVersion(connection)).startsWith("2");
        }
    }

    @Test
    void aMissingKeyStoreIsAUserErrorNamingTheOption() {
        Path missing = dir.resolve("missing.p12");
        CliRun run = CliRun.run(
                "serve",
                "--stateserver-port",
                "0",
                "--tds-port",
                "0",
                "--tds-tls",
                missing.toString(),
                "--tds-tls-password",
                "secret");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().trim())
                .isEqualTo(
                        "aspstate: --tds-tls " + missing + ": cannot use " + missing + ": No such file or directory");
    }
}
