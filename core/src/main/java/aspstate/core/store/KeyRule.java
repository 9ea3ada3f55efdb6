package aspstate.core.store;

import java.util.Locale;

/**
 * How an id a client sends becomes the key a store keeps the session under: one rule per store, applied by the
 * protocol that serves the store and by the admin API and commands alike, so that an operator finds a session by the
 * id its application used.
 */
public enum KeyRule {
    /**
     * The id as it came: StateServer keys (ASP.NET compares them with case), and ASP.NET Core's cache ids (its
     * table's column is case-sensitive; the table prefix of a cache key is already in the stored spelling).
     */
    AS_SENT {
        @Override
        public String key(String id) {
            return id;
        }
    },
    /**
     * Ids that SQL Server compares without case under its default collation (ASPState's, the async provider's tables',
     * SharePoint's): ids differing only in case are one session. A table prefix of such a key is lower-case already.
     */
    WITHOUT_CASE {
        @Override
        public String key(String id) {
            return id.toLowerCase(Locale.ROOT);
        }
    };

    public abstract String key(String id);
}
