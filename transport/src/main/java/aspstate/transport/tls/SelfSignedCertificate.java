package aspstate.transport.tls;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.function.Function;

/**
 * A key pair and a certificate signed with it (RFC 5280), made with the JDK alone: Netty's own generator needs
 * BouncyCastle or the JDK internals Java 17 no longer opens. Clients that check certificates against authorities
 * reject it; it serves the ones told to trust the server's certificate (mssql-jdbc's
 * {@code trustServerCertificate=true}) and peers that check it by other means (the cluster's shared secret).
 *
 * @param keyPair     the RSA key pair
 * @param certificate the certificate of {@code keyPair}'s public key, signed by its private key
 */
public record SelfSignedCertificate(KeyPair keyPair, X509Certificate certificate) {
    private static final int KEY_BITS = 2048;
    private static final String SIGNATURE = "SHA256withRSA";
    /** 1.2.840.113549.1.1.11, sha256WithRSAEncryption (RFC 4055). */
    private static final byte[] SHA256_WITH_RSA = {0x2A, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xF7, 0x0D, 1, 1, 11};
    /** 2.5.4.3, the commonName attribute. */
    private static final byte[] COMMON_NAME = {0x55, 0x04, 0x03};

    private static final DateTimeFormatter UTC_TIME =
            DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final int VALID_DAYS = 365;

    /** A new key pair and a certificate for {@code commonName}, valid from a day ago (clock skew) for a year. */
    public static SelfSignedCertificate generate(String commonName) throws GeneralSecurityException {
        return generate(publicKey -> commonName);
    }

    /** As {@link #generate(String)}, with a common name made from the new public key (e.g. a MAC of it). */
    public static SelfSignedCertificate generate(Function<PublicKey, String> commonName)
            throws GeneralSecurityException {
        SecureRandom random = new SecureRandom();
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(KEY_BITS, random);
        KeyPair keyPair = generator.generateKeyPair();
        return sign(keyPair, commonName.apply(keyPair.getPublic()), random);
    }

    private static SelfSignedCertificate sign(KeyPair keyPair, String commonName, SecureRandom random)
            throws GeneralSecurityException {
        byte[] algorithm = Der.sequence(Der.oid(SHA256_WITH_RSA), Der.nullValue());
        byte[] name = Der.sequence(Der.set(Der.sequence(Der.oid(COMMON_NAME), Der.utf8(commonName))));
        Instant now = Instant.now();
        byte[] validity = Der.sequence(
                Der.utcTime(UTC_TIME.format(now.minus(1, ChronoUnit.DAYS))),
                Der.utcTime(UTC_TIME.format(now.plus(VALID_DAYS, ChronoUnit.DAYS))));
        byte[] tbs = Der.sequence(
                Der.explicit(0, Der.integer(BigInteger.TWO)), // version v3
                Der.integer(new BigInteger(64, random)),
                algorithm,
                name,
                validity,
                name,
                keyPair.getPublic().getEncoded()); // SubjectPublicKeyInfo already
        Signature signer = Signature.getInstance(SIGNATURE);
        signer.initSign(keyPair.getPrivate());
        signer.update(tbs);
        byte[] der = Der.sequence(tbs, algorithm, Der.bitString(signer.sign()));
        X509Certificate certificate = (X509Certificate)
                CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
        return new SelfSignedCertificate(keyPair, certificate);
    }
}
