package aspstate.tds.tls;

import aspstate.core.FileErrors;
import aspstate.transport.tls.SelfSignedCertificate;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.util.Collections;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLException;

/**
 * The server side of TDS encryption: which certificate, and TLS 1.2 only. SQL Server negotiates TLS 1.3 only
 * under TDS 8.0's strict encryption, not in the PRELOGIN-tunnelled handshake of TDS 7.x ([MS-TDS] 3.3.5.2); and
 * {@link PreloginTlsUnwrapper} relies on TLS 1.2's order, where the server writes nothing after its Finished until
 * the client sends its first raw record (TLS 1.3 servers send session tickets after the client's Finished).
 */
public final class TdsTls {
    private static final String PROTOCOL = "TLSv1.2";

    private TdsTls() {}

    /** A certificate generated now for this process; clients must be told to trust the server's certificate. */
    public static SslContext selfSigned() {
        try {
            SelfSignedCertificate generated = SelfSignedCertificate.generate("aspstate");
            return server(SslContextBuilder.forServer(generated.keyPair().getPrivate(), generated.certificate()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("generating a self-signed certificate failed: " + e.getMessage(), e);
        }
    }

    /**
     * The private key and certificate chain of a PKCS12 file.
     *
     * @throws IllegalArgumentException when the file cannot be read, the password is wrong or it holds no key
     */
    public static SslContext pkcs12(Path file, char[] password) {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException("cannot use " + file + ": a directory, not a PKCS12 file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            boolean hasKey = false;
            for (String alias : Collections.list(store.aliases())) {
                hasKey |= store.isKeyEntry(alias);
            }
            if (!hasKey) {
                throw new IllegalArgumentException(file + " holds no private key");
            }
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            return server(SslContextBuilder.forServer(keys));
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot use " + file + ": " + whatIsWrong(e), e);
        }
    }

    /**
     * The JDK's own messages say "null" or name only the path; an operator needs to know which of the usual
     * mistakes it is.
     */
    static String whatIsWrong(Exception e) {
        if (e instanceof FileSystemException fileError) {
            return FileErrors.reason(fileError);
        }
        if (e.getCause() instanceof UnrecoverableKeyException || e instanceof UnrecoverableKeyException) {
            return "wrong password (see --tds-tls-password), or the file is damaged";
        }
        if (e instanceof IOException) {
            return "not a PKCS12 key store (a PEM file, or a JKS store? make one with 'openssl pkcs12 -export' or "
                    + "'keytool -importkeystore -deststoretype pkcs12')";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static SslContext server(SslContextBuilder builder) {
        try {
            return builder.sslProvider(SslProvider.JDK).protocols(PROTOCOL).build();
        } catch (SSLException e) {
            throw new IllegalArgumentException("cannot set up TLS: " + e.getMessage(), e);
        }
    }
}
