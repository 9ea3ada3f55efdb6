package aspstate.server;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A salted password hash as written in the config: {@code pbkdf2-sha256$ITERATIONS$SALT$HASH}, salt and hash in
 * base64. The string names its algorithm and cost so that stronger settings can be introduced later without
 * breaking hashes already written. PBKDF2-HMAC-SHA256 is in every JDK; 210,000 iterations is OWASP's 2023
 * recommendation for it.
 */
final class PasswordHash {
    static final String SCHEME = "pbkdf2-sha256";
    static final int DEFAULT_ITERATIONS = 210_000;
    private static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    /** Below this a hash is cheap to brute-force; above the maximum a login would stall its event loop. */
    private static final int MIN_ITERATIONS = 10_000;

    private static final int MAX_ITERATIONS = 10_000_000;
    private static final String FORMAT = SCHEME + "$ITERATIONS$SALT$HASH, as printed by 'aspstate hash-password'";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final int iterations;
    private final byte[] salt;
    private final byte[] hash;

    private PasswordHash(int iterations, byte[] salt, byte[] hash) {
        this.iterations = iterations;
        this.salt = salt;
        this.hash = hash;
    }

    /** Hashes {@code password} with a fresh random salt. */
    static PasswordHash of(String password) {
        if (password.isEmpty()) {
            throw new IllegalArgumentException("the password is empty");
        }
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        return new PasswordHash(DEFAULT_ITERATIONS, salt, derive(password, salt, DEFAULT_ITERATIONS, HASH_BYTES));
    }

    /**
     * @throws IllegalArgumentException saying what is wrong, without repeating the text (it may be a password
     *                                  written where its hash belongs)
     */
    static PasswordHash parse(String encoded) {
        String[] parts = encoded.split("\\$", -1);
        if (parts.length != 4 || !parts[0].equals(SCHEME)) {
            throw new IllegalArgumentException("not a password hash; expected " + FORMAT);
        }
        int iterations;
        try {
            iterations = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the iteration count of the hash is not a number; expected " + FORMAT);
        }
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
            throw new IllegalArgumentException("the iteration count of the hash must be " + MIN_ITERATIONS + ".."
                    + MAX_ITERATIONS + ", got " + iterations);
        }
        byte[] salt = base64(parts[2], "salt");
        byte[] hash = base64(parts[3], "hash");
        if (salt.length < SALT_BYTES || hash.length < HASH_BYTES) {
            throw new IllegalArgumentException("the salt or hash of the hash is too short (at least " + SALT_BYTES
                    + " and " + HASH_BYTES + " bytes); expected " + FORMAT);
        }
        return new PasswordHash(iterations, salt, hash);
    }

    /** Compares in constant time, so the time taken does not tell how much of a guess was right. */
    boolean matches(String password) {
        if (password.isEmpty()) {
            return false; // hash-password refuses empty passwords, so no hash is of one (and PBKDF2 wants a key)
        }
        return MessageDigest.isEqual(hash, derive(password, salt, iterations, hash.length));
    }

    String encoded() {
        Base64.Encoder base64 = Base64.getEncoder();
        return SCHEME + "$" + iterations + "$" + base64.encodeToString(salt) + "$" + base64.encodeToString(hash);
    }

    /** Hides the hash, which must never reach a log. */
    @Override
    public String toString() {
        return SCHEME + " hash (hidden)";
    }

    private static byte[] base64(String text, String what) {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the " + what + " of the hash is not base64; expected " + FORMAT);
        }
    }

    private static byte[] derive(String password, byte[] salt, int iterations, int bytes) {
        PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, bytes * 8);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is missing from this JDK", e);
        } finally {
            spec.clearPassword();
        }
    }
}
