package aspstate.core.sqlstate;

import aspstate.core.store.Mutation;
import aspstate.core.store.Outcome;
import aspstate.core.store.SessionStore;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * TempGetAppID: gives every application name a stable int, which ASP.NET appends to its session ids as 8 hex digits.
 * The id is the shipped GetHashCode of the lower-cased name, and the mapping is kept in a store of its own so that a
 * distributed store shares it between nodes and it survives for as long as the store does.
 *
 * <p>The store only offers per-key atomicity, so the id is claimed first, under {@code appid:<id>}, and the name
 * recorded second, under {@code appname:<name>}. Both steps are put-if-absent and idempotent: two nodes registering
 * the same name agree, a registration interrupted between the steps completes on the next call, and of two names
 * with the same hash only the first to claim the id gets it.
 */
public final class AppIds {
    /**
     * The code page of varchar @appName under SQL_Latin1_General_CP1_CI_AS: the shipped hash runs over ASCII() of
     * each character, i.e. these bytes. If the TDS layer announces another collation, this must follow it.
     */
    public static final Charset NAME_CHARSET = Charset.forName("windows-1252");

    static final String NAME_KEY_PREFIX = "appname:";
    static final String ID_KEY_PREFIX = "appid:";

    private static final Mutation<AppRegistration, AppRegistration> READ = (current, now) -> Outcome.keep(current);

    private final SessionStore<AppRegistration> store;

    /** @param store a store used for nothing else, so that these keys never meet session ids */
    public AppIds(SessionStore<AppRegistration> store) {
        this.store = store;
    }

    /**
     * The name as the shipped procedure compares it: LOWER(@appName) (invariant, so the server's locale cannot
     * change an id), without trailing spaces, which char(280) comparison ignores.
     */
    public static String normalize(String appName) {
        String lower = lowerCase(appName);
        int end = lower.length();
        while (end > 0 && lower.charAt(end - 1) == ' ') {
            end--;
        }
        return lower.substring(0, end);
    }

    /**
     * LOWER(@appName), invariant: what the shipped TempGetAppID hashes for a new name. Its trailing spaces count
     * there, since GetHashCode loops over DATALENGTH(@input) bytes.
     */
    static String lowerCase(String appName) {
        Objects.requireNonNull(appName, "appName: the TDS layer rejects a NULL @appName");
        return appName.toLowerCase(Locale.ROOT);
    }

    /** djb2 with xor, over the name's bytes, wrapping as a 32-bit signed int (the shipped GetHashCode). */
    public static int hash(String name) {
        int hash = 5381;
        for (byte b : name.getBytes(NAME_CHARSET)) {
            hash = ((hash << 5) + hash) ^ (b & 0xFF); // ASCII() is unsigned
        }
        return hash;
    }

    static String nameKey(String normalizedName) {
        return NAME_KEY_PREFIX + normalizedName;
    }

    static String idKey(int appId) {
        return ID_KEY_PREFIX + appId;
    }

    /**
     * TempGetAppID(@appName, @appId OUT). Fails only as the store fails (e.g. when it is full). As in the shipped
     * procedure, a name is looked up without its trailing spaces but a new one is hashed with them, so "app " and
     * "app" share the id of whichever was registered first.
     */
    public CompletionStage<AppIdResult> tempGetAppId(String appName) {
        String name = normalize(appName);
        return store.execute(nameKey(name), READ)
                .thenCompose(known -> known != null
                        ? CompletableFuture.completedFuture(AppIdResult.assigned(known))
                        : register(new AppRegistration(name, hash(lowerCase(appName)))));
    }

    private CompletionStage<AppIdResult> register(AppRegistration wanted) {
        return store.execute(idKey(wanted.appId()), putIfAbsent(wanted)).thenCompose(owner -> {
            if (!owner.appName().equals(wanted.appName())) {
                return CompletableFuture.completedFuture(AppIdResult.collision(wanted.appName(), owner));
            }
            return store.execute(nameKey(wanted.appName()), putIfAbsent(wanted)).thenApply(AppIdResult::assigned);
        });
    }

    /** Stores the registration unless the key holds one already; answers whichever the key holds afterwards. */
    private static Mutation<AppRegistration, AppRegistration> putIfAbsent(AppRegistration registration) {
        return (current, now) -> current != null ? Outcome.keep(current) : Outcome.put(registration, registration);
    }
}
