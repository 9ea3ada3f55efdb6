package aspstate.tds.statement;

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

    private static String delimited(String name) {
        return "[" + name.toLowerCase(Locale.ROOT).replace("]", "]]") + "]";
    }
}
