package aspstate.server;

import aspstate.core.LogText;
import aspstate.tds.LoginAuthenticator;
import aspstate.tds.login.LoginRequest;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SQL logins of {@code --tds-user NAME=HASH}. Names are matched ignoring case, as SQL Server's default
 * collation matches login names. With no users every login is accepted, which {@link ServeOptionsParser} allows
 * only on loopback addresses.
 */
final class SqlLogins implements LoginAuthenticator {
    private static final Logger LOG = LoggerFactory.getLogger(SqlLogins.class);

    private final Map<String, PasswordHash> users;
    /** Checked for unknown users, so that they take as long to refuse as a wrong password. */
    private final PasswordHash decoy;

    private SqlLogins(Map<String, PasswordHash> users) {
        this.users = Map.copyOf(users);
        this.decoy = users.isEmpty() ? null : PasswordHash.of(UUID.randomUUID().toString());
    }

    /**
     * @param text NAME=HASH entries separated by commas (base64 has no commas), or blank for none
     * @throws IllegalArgumentException naming the entry's user but never repeating its hash
     */
    static SqlLogins parse(String text) {
        Map<String, PasswordHash> users = new LinkedHashMap<>();
        for (String entry : entries(text)) {
            int equals = entry.indexOf('=');
            String name = equals < 0 ? "" : entry.substring(0, equals).trim();
            // A '$' before the first '=' means the name was left out and the hash's base64 padding was taken for
            // the separator; the name would then be part of the hash, which must not be echoed.
            if (name.isEmpty() || name.contains("$")) {
                throw new IllegalArgumentException("expected NAME=HASH, with HASH from 'aspstate hash-password'");
            }
            String key = name.toLowerCase(Locale.ROOT);
            if (users.containsKey(key)) {
                throw new IllegalArgumentException("user '" + name + "' is given more than once");
            }
            try {
                users.put(key, PasswordHash.parse(entry.substring(equals + 1).trim()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("user '" + name + "': " + e.getMessage());
            }
        }
        return new SqlLogins(users);
    }

    private static List<String> entries(String text) {
        List<String> entries = new ArrayList<>();
        for (String entry : text.split(",")) {
            if (!entry.isBlank()) {
                entries.add(entry.trim());
            }
        }
        return entries;
    }

    boolean isEmpty() {
        return users.isEmpty();
    }

    /**
     * One thread checks hashes: PBKDF2 is slow on purpose, and doing it here keeps the event loops serving other
     * connections; a flood of logins queues here instead of taking every core.
     */
    private static final ExecutorService CHECKER = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "aspstate-login-check");
        thread.setDaemon(true);
        return thread;
    });

    @Override
    public CompletionStage<Boolean> accepts(LoginRequest login, SocketAddress peer) {
        if (users.isEmpty()) {
            LOG.debug("TDS login from {} as '{}' (no --tds-user configured: any login is accepted)", peer,
                    LogText.client(login.userName()));
            return CompletableFuture.completedFuture(true);
        }
        return CompletableFuture.supplyAsync(() -> check(login, peer), CHECKER);
    }

    /** An unknown user and a wrong password get the same answer in the same time, so names cannot be probed. */
    private boolean check(LoginRequest login, SocketAddress peer) {
        PasswordHash hash = users.get(login.userName().toLowerCase(Locale.ROOT));
        boolean matches = (hash == null ? decoy : hash).matches(login.password());
        if (hash != null && matches) {
            LOG.debug("TDS login from {} as '{}'", peer, LogText.client(login.userName()));
            return true;
        }
        LOG.info("TDS login failed from {} for user '{}'", peer, LogText.client(login.userName()));
        return false;
    }
}
