package aspstate.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.function.Predicate;

/**
 * The bearer token the admin API asks for. The configuration holds only a slow salted hash of it (as for SQL
 * logins), which is too slow to check on every dashboard poll; so once a token has passed the slow check, its
 * SHA-256 is kept in memory and later requests with the same token are compared against that.
 */
public final class AdminToken {
    private final Predicate<String> slowCheck;
    private volatile byte[] acceptedDigest;

    /** @param slowCheck checks a presented token against the configured hash */
    public AdminToken(Predicate<String> slowCheck) {
        this.slowCheck = slowCheck;
    }

    boolean accepts(String presented) {
        byte[] digest = sha256(presented);
        byte[] accepted = acceptedDigest;
        if (accepted != null && MessageDigest.isEqual(accepted, digest)) {
            return true;
        }
        if (!slowCheck.test(presented)) {
            return false;
        }
        acceptedDigest = digest;
        return true;
    }

    private static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
