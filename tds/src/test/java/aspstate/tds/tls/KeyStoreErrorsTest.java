package aspstate.tds.tls;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A key store that cannot be used is refused saying why, not "null" or just its path. */
class KeyStoreErrorsTest {
    @TempDir
    Path dir;

    @Test
    void aMissingFileSaysSo() {
        Path missing = dir.resolve("missing.p12");

        assertThatThrownBy(() -> TdsTls.pkcs12(missing, "x".toCharArray()))
                .hasMessage("cannot use " + missing + ": No such file or directory");
    }

    @Test
    void aWrongPasswordSaysSo() throws Exception {
        Path store = dir.resolve("store.p12");
        KeyStore empty = KeyStore.getInstance("PKCS12");
        empty.load(null, null);
        try (OutputStream out = Files.newOutputStream(store)) {
            empty.store(out, "right".toCharArray());
        }

        assertThatThrownBy(() -> TdsTls.pkcs12(store, "wrong".toCharArray()))
                .hasMessage("cannot use " + store + ": wrong password (see --tds-tls-password), or the file is "
                        + "damaged");
    }

    @Test
    void aPemFileIsNotAPkcs12Store() throws Exception {
        Path pem = Files.writeString(
                dir.resolve("server.pem"), "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");

        assertThatThrownBy(() -> TdsTls.pkcs12(pem, "x".toCharArray()))
                .hasMessageStartingWith("cannot use " + pem + ": not a PKCS12 key store (a PEM file, or a JKS store?");
    }

    @Test
    void aDirectoryIsNotAFile() {
        assertThatThrownBy(() -> TdsTls.pkcs12(dir, "x".toCharArray()))
                .hasMessage("cannot use " + dir + ": a directory, not a PKCS12 file");
    }
}
