package aspstate.core.store;

import java.util.Locale;

/**
 * How an id a client sends becomes the key a store keeps the session under: one rule per store, applied by the
 * protocol that serves the store and by the admin API and commands alike, so that an operator finds a session by the
 * id its application used.
 */
public enum KeyRule {
    /** The id as it came: StateServer keys, which ASP.NET compares with case. */
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
    },
    /**
     * A row of ASP.NET Core's cache, {@code [schema].[table]/id} ({@link TableKeys}): the table's names without case,
     * as SQL Server compares them, and the id as its Id column compares it, with case and without trailing spaces. A
     * key not in that shape is taken as an id.
     */
    TABLE_ROW {
        @Override
        public String key(String key) {
            int idStart = TableKeys.idStart(key);
            int idEnd = key.length();
            while (idEnd > idStart && key.charAt(idEnd - 1) == ' ') {
                idEnd--;
            }
            if (idEnd == key.length() && lowerCase(key, idStart)) {
                return key; // what the protocol makes: its table part lower-cased already
            }
            return key.substring(0, idStart).toLowerCase(Locale.ROOT) + key.substring(idStart, idEnd);
        }
    };

    /** The key of a client's id, or of a key an operator names (the table part of a table's row included). */
    public abstract String key(String id);

    /** True when the first {@code end} characters have no upper case. */
    private static boolean lowerCase(String text, int end) {
        for (int i = 0; i < end; ) {
            int c = text.codePointAt(i);
            if (Character.toLowerCase(c) != c) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }
}
