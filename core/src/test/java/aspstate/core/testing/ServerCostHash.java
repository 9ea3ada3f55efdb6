package aspstate.core.testing;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.function.Predicate;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A password check at the cost of the server's own (PBKDF2-SHA256, 210,000 iterations), for tests of what waits
 * for such checks, in modules that do not have the server's hash.
 */
public final class ServerCostHash {
    private static final byte[] SALT = new byte[16];

    private ServerCostHash() {}

    /** A check that accepts {@code secret} only, and costs what the server's check costs. */
    public static Predicate<String> acceptingOnly(String secret) {
        byte[] hash = hash(secret);
        return presented -> MessageDigest.isEqual(hash, hash(presented));
    }

    private static byte[] hash(String secret) {
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                    .generateSecret(new PBEKeySpec(secret.toCharArray(), SALT, 210_000, 256))
                    .getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
