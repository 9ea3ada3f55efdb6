package aspstate.core.store;

import java.util.List;
import java.util.Locale;

/**
 * Store keys for the rows of a table a client named (ASP.NET Core's cache table, the async session provider's own
 * table): {@code [schema].[table]/} and the row's id. The names are lower-cased, as SQL Server compares them without
 * case, and delimited as it delimits them (a ']' doubled), so that where the table ends is never in doubt and two
 * tables never share a key.
 */
public final class TableKeys {
    /** The schema a one-part name is in. */
    public static final String DEFAULT_SCHEMA = "dbo";

    private TableKeys() {}

    /** The prefix of the keys of the table named by these parts: table, schema.table or database.schema.table. */
    public static String prefix(List<String> nameParts) {
        String table = nameParts.get(nameParts.size() - 1);
        String schema = nameParts.size() > 1 ? nameParts.get(nameParts.size() - 2) : DEFAULT_SCHEMA;
        return delimited(schema) + "." + delimited(table) + "/";
    }

    /** The table as a message names it, {@code schema.table}. */
    public static String qualified(List<String> nameParts) {
        String table = nameParts.get(nameParts.size() - 1);
        String schema = nameParts.size() > 1 ? nameParts.get(nameParts.size() - 2) : DEFAULT_SCHEMA;
        return schema + "." + table;
    }

    /** Where the row's id starts in a key: after {@code [schema].[table]/}, or at 0 when the key does not start so. */
    static int idStart(String key) {
        int schemaEnd = delimitedEnd(key, 0);
        if (schemaEnd < 0 || schemaEnd >= key.length() || key.charAt(schemaEnd) != '.') {
            return 0;
        }
        int tableEnd = delimitedEnd(key, schemaEnd + 1);
        return tableEnd < 0 || tableEnd >= key.length() || key.charAt(tableEnd) != '/' ? 0 : tableEnd + 1;
    }

    /** Just past the delimited name at {@code start} ({@code [name]}, a ']' in it doubled), or -1 when none is. */
    private static int delimitedEnd(String key, int start) {
        if (start >= key.length() || key.charAt(start) != '[') {
            return -1;
        }
        int i = start + 1;
        while (i < key.length()) {
            if (key.charAt(i) == ']') {
                if (i + 1 < key.length() && key.charAt(i + 1) == ']') {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return -1;
    }

    private static String delimited(String name) {
        return "[" + name.toLowerCase(Locale.ROOT).replace("]", "]]") + "]";
    }
}
