package aspstate.server;

import aspstate.transport.tls.SelfSignedCertificate;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.security.auth.x500.X500Principal;

/**
 * Mutual TLS between cluster nodes from one shared secret ({@code --cluster-secret}), with no certificate authority
 * to run. Each node makes a key pair at start and a certificate whose common name is an HMAC of its public key under
 * a key derived from the secret. A node accepts a peer (in either direction, client authentication required) only
 * if the peer's certificate carries the right HMAC for its own public key; the TLS handshake proves the peer holds
 * that key's private half. So only nodes that know the secret join, and everything between nodes, discovery
 * included, is encrypted (TLS 1.3).
 *
 * <p>The HMAC key is PBKDF2 of the secret, salted with the cluster name, so that a certificate taken from a node
 * (the server side of a handshake shows it to anyone who connects) does not make guessing the secret cheap.
 */
final class ClusterTls {
    static final int MIN_SECRET_LENGTH = 16;
    private static final String PROTOCOL = "TLSv1.3";
    private static final String NAME_PREFIX = "aspstate-node-";
    private static final int ITERATIONS = 210_000;
    private static final String HMAC = "HmacSHA256";

    private ClusterTls() {}

    /**
     * @throws IllegalArgumentException when the secret is shorter than {@link #MIN_SECRET_LENGTH} characters
     */
    static SSLContext fromSecret(String secret, String clusterName) {
        if (secret.length() < MIN_SECRET_LENGTH) {
            throw new IllegalArgumentException("a cluster secret needs at least " + MIN_SECRET_LENGTH
                    + " characters (e.g. 32 random ones from 'openssl rand -base64 24')");
        }
        try {
            SecretKeySpec macKey = macKey(secret, clusterName);
            SelfSignedCertificate own = SelfSignedCertificate.generate(publicKey -> commonName(macKey, publicKey));
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            char[] password = new char[0];
            store.setKeyEntry("node", own.keyPair().getPrivate(), password, new X509Certificate[] {own.certificate()});
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            SSLContext context = SSLContext.getInstance(PROTOCOL);
            context.init(keys.getKeyManagers(), new TrustManager[] {new SecretBoundTrust(macKey)}, null);
            return context;
        } catch (java.io.IOException | GeneralSecurityException e) {
            throw new IllegalStateException("setting up cluster TLS failed: " + e.getMessage(), e);
        }
    }

    private static SecretKeySpec macKey(String secret, String clusterName) throws GeneralSecurityException {
        byte[] salt = ("aspstate-cluster:" + clusterName).getBytes(StandardCharsets.UTF_8);
        PBEKeySpec spec = new PBEKeySpec(secret.toCharArray(), salt, ITERATIONS, 256);
        byte[] key = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                .generateSecret(spec)
                .getEncoded();
        spec.clearPassword();
        return new SecretKeySpec(key, HMAC);
    }

    private static String commonName(SecretKeySpec macKey, PublicKey publicKey) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(macKey);
            byte[] tag = mac.doFinal(publicKey.getEncoded());
            return NAME_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(tag);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(HMAC + " is not available: " + e.getMessage(), e);
        }
    }

    /** Trusts exactly the certificates whose name is the HMAC of their own public key under the cluster's key. */
    private static final class SecretBoundTrust extends X509ExtendedTrustManager {
        private final SecretKeySpec macKey;

        SecretBoundTrust(SecretKeySpec macKey) {
            this.macKey = macKey;
        }

        private void check(X509Certificate[] chain) throws CertificateException {
            if (chain == null || chain.length == 0) {
                throw new CertificateException("no certificate");
            }
            X509Certificate peer = chain[0];
            String expected = new X500Principal("CN=" + commonName(macKey, peer.getPublicKey())).getName();
            byte[] presented = peer.getSubjectX500Principal().getName().getBytes(StandardCharsets.UTF_8);
            if (!MessageDigest.isEqual(presented, expected.getBytes(StandardCharsets.UTF_8))) {
                throw new CertificateException("not a node of this cluster (wrong --cluster-secret?)");
            }
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            check(chain);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
