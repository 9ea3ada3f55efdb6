package aspstate.server;

import aspstate.core.LogText;
import aspstate.core.RepeatedEventLog;
import aspstate.tds.LoginAuthenticator;
import aspstate.tds.login.LoginRequest;
import aspstate.transport.CredentialCheckQueue;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SQL logins of {@code --tds-user NAME=HASH}. Names are matched ignoring case, as SQL Server's default
 * collation matches login names. With no users every login is accepted, which {@link ServeOptionsBuilder} allows
 * only on loopback addresses.
 */
final class SqlLogins implements LoginAuthenticator {
    private static final Logger LOG = LoggerFactory.getLogger(SqlLogins.class);
    /** How the login checks' queue names them in log lines. */
    static final CredentialCheckQueue.Names CHECKS = new CredentialCheckQueue.Names(
            "TDS login(s)", ServerOptions.TDS_LOGIN_QUEUE, ServerOptions.TDS_LOGIN_FAILURES);

    private final Map<String, PasswordHash> users;
    /** Checked for unknown users, so that they take as long to refuse as a wrong password. */
    private final PasswordHash decoy;

    private final CredentialCheckQueue checks;
    private final RepeatedEventLog failed = new RepeatedEventLog(LOG);

    private SqlLogins(Map<String, PasswordHash> users, CredentialCheckQueue checks) {
        this.users = Map.copyOf(users);
        this.decoy = users.isEmpty() ? null : PasswordHash.of(UUID.randomUUID().toString());
        this.checks = checks;
    }

    /**
     * @param text   NAME=HASH entries separated by commas (base64 has no commas), or blank for none
     * @param checks where the password checks wait for their turn
     * @throws IllegalArgumentException naming the entry's user but never repeating its hash
     */
    static SqlLogins parse(String text, CredentialCheckQueue checks) {
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
        return new SqlLogins(users, checks);
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

    /** How many logins are configured (0: any login is accepted). */
    int count() {
        return users.size();
    }

    boolean isEmpty() {
        return users.isEmpty();
    }

    /**
     * The check runs on the {@link CredentialCheckQueue}'s one thread: PBKDF2 is slow on purpose, and doing it there keeps
     * the event loops serving other connections and a flood of logins from taking every core.
     */
    @Override
    public CompletionStage<Boolean> accepts(LoginRequest login, SocketAddress peer) {
        if (users.isEmpty()) {
            LOG.debug(
                    "TDS login from {} as '{}' (no --tds-user configured: any login is accepted)",
                    peer,
                    LogText.client(login.userName()));
            return CompletableFuture.completedFuture(true);
        }
        return checks.submit(((InetSocketAddress) peer).getAddress(), login.userName(), () -> check(login, peer));
    }

    /** An unknown user and a wrong password get the same answer in the same time, so names cannot be probed. */
    private boolean check(LoginRequest login, SocketAddress peer) {
        PasswordHash hash = users.get(login.userName().toLowerCase(Locale.ROOT));
        boolean matches = (hash == null ? decoy : hash).matches(login.password());
        if (hash != null && matches) {
            LOG.debug("TDS login from {} as '{}'", peer, LogText.client(login.userName()));
            return true;
        }
        failed.occurred("{} TDS login(s) failed (latest from {} as '{}')", peer, LogText.client(login.userName()));
        return false;
    }
}
