package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.ManualClock;
import aspstate.core.sqlstate.AppRegistration;
import aspstate.core.sqlstate.SqlSessionItem;
import aspstate.core.sqlstate.SqlStateServerProcedures;
import aspstate.core.store.MemorySessionStore;
import aspstate.core.store.MemoryStoreSettings;
import aspstate.tds.sqlstate.AspStateCatalog;
import aspstate.tds.tls.TdsTls;
import io.netty.handler.ssl.SslContext;
import java.io.File;
import java.nio.file.Path;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Types;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * mssql-jdbc with its default encryption (encrypt=true), trusting the server's certificate, against a listener
 * with TLS: the handshake tunnelled in PRELOGIN packets, then the login and calls inside TLS.
 */
@Timeout(60)
class TlsJdbcTest {
    private final ManualClock clock = new ManualClock(0);
    private final MemorySessionStore<SqlSessionItem> sessions =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(1 << 20));
    private final MemorySessionStore<AppRegistration> appIds =
            new MemorySessionStore<>(clock, MemoryStoreSettings.withMaxMemory(1 << 20));
    private TestServer server;

    @AfterEach
    void stop() {
        server.close();
        sessions.close();
        appIds.close();
    }

    @Test
    void selfSignedCertificate() throws SQLException {
        start(TdsTls.selfSigned());
        try (Connection connection = connect()) {
            assertThat(tempGetVersion(connection)).isEqualTo(SqlStateServerProcedures.TEMP_GET_VERSION);
            assertThat(tempGetVersion(connection)).isEqualTo(SqlStateServerProcedures.TEMP_GET_VERSION);
        }
    }

    @Test
    void pkcs12FileMadeByKeytool(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("server.p12");
        Process keytool = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-alias",
                        "aspstate",
                        "-keyalg",
                        "RSA",
                        "-keysize",
                        "2048",
                        "-dname",
                        "CN=localhost",
                        "-validity",
                        "2",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        file.toString(),
                        "-storepass",
                        "secret",
                        "-keypass",
                        "secret")
                .redirectErrorStream(true)
                .redirectOutput(new File(dir.toFile(), "keytool.log"))
                .start();
        assertThat(keytool.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).isZero();
        start(TdsTls.pkcs12(file, "secret".toCharArray()));
        try (Connection connection = connect()) {
            assertThat(tempGetVersion(connection)).isEqualTo(SqlStateServerProcedures.TEMP_GET_VERSION);
        }
    }

    @Test
    void clientsNotAskingForEncryptionStillConnectInClear() throws SQLException {
        start(TdsTls.selfSigned());
        try (Connection connection = server.connect()) {
            assertThat(tempGetVersion(connection)).isEqualTo(SqlStateServerProcedures.TEMP_GET_VERSION);
        }
    }

    private void start(SslContext tls) {
        server = new TestServer(
                TdsSettings.defaults().withPort(0).withTls(tls),
                AspStateCatalog.create(sessions, appIds, new SqlStateServerProcedures(), ZoneOffset.UTC));
    }

    /** The driver's defaults but for trusting the certificate, which nothing here signed. */
    private Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlserver://127.0.0.1:"
                + server.address().getPort() + ";trustServerCertificate=true;user=sa;password=x;loginTimeout=10");
    }

    private static String tempGetVersion(Connection connection) throws SQLException {
        try (CallableStatement call = connection.prepareCall("{call dbo.TempGetVersion(?)}")) {
            call.registerOutParameter(1, Types.CHAR);
            call.execute();
            return call.getString(1).trim();
        }
    }
}
