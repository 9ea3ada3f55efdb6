package aspstate.admin;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The bearer token the admin API asks for. The configuration holds only a slow salted hash of it (as for SQL
 * logins), which is too slow to check on every request, and on an event loop at all. So the SHA-256 of a token that
 * passed the slow check is kept, and so are those of the last {@link #REMEMBERED_REJECTIONS} tokens that failed it:
 * a request with a token seen before is answered at once, and only a new token costs a slow check (which the
 * caller runs off the event loops, in a bounded queue).
 */
public final class AdminToken {
    static final int REMEMBERED_REJECTIONS = 256;

    private final Predicate<String> slowCheck;
    private volatile byte[] acceptedDigest;
    private final Map<ByteBuffer, Boolean> rejectedDigests = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteBuffer, Boolean> eldest) {
            return size() > REMEMBERED_REJECTIONS;
        }
    };

    /** @param slowCheck checks a presented token against the configured hash */
    public AdminToken(Predicate<String> slowCheck) {
        this.slowCheck = slowCheck;
    }

    /** Whether the token is known to pass or fail, or empty when only the slow check can tell. Fast. */
    Optional<Boolean> known(String presented) {
        byte[] digest = sha256(presented);
        byte[] accepted = acceptedDigest;
        if (accepted != null && MessageDigest.isEqual(accepted, digest)) {
            return Optional.of(true);
        }
        synchronized (rejectedDigests) {
            return rejectedDigests.containsKey(ByteBuffer.wrap(digest)) ? Optional.of(false) : Optional.empty();
        }
    }

    /** The slow check, remembering its answer for {@link #known}. */
    boolean checkSlowly(String presented) {
        byte[] digest = sha256(presented);
        if (slowCheck.test(presented)) {
            acceptedDigest = digest;
            return true;
        }
        synchronized (rejectedDigests) {
            rejectedDigests.put(ByteBuffer.wrap(digest), Boolean.TRUE);
        }
        return false;
    }

    private static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
