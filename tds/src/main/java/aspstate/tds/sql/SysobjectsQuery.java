package aspstate.tds.sql;

import aspstate.tds.sql.SqlToken.Kind;

/**
 * {@code SELECT name FROM sysobjects [WHERE type = 'P' [AND name = 'TempGetVersion']]}: ASP.NET's
 * SqlSessionStateStore opens with this query to learn which schema it talks to. This server's sysobjects holds
 * its stored procedures and nothing else. The table may carry the {@code dbo.} or {@code sys.} schema, the
 * conditions may come in either order, keywords in any case.
 *
 * @param type the type the query asks for, or null for any
 * @param name the name it asks for, or null for any
 */
public record SysobjectsQuery(String type, String name) implements BatchStatement {
    /** sysobjects.type of a stored procedure, a char(2) column: 'P ' compares equal to 'P'. */
    private static final String PROCEDURE_TYPE = "P";

    /** Whether the query selects the procedure of this name. */
    public boolean selects(String procedureName) {
        boolean procedures = type == null || type.stripTrailing().equalsIgnoreCase(PROCEDURE_TYPE);
        return procedures && (name == null || name.equalsIgnoreCase(procedureName));
    }

    /** Reads the query from its select list, SELECT having been read. */
    static SysobjectsQuery parseAfterSelect(TokenCursor cursor) {
        cursor.expect("name");
        cursor.expect("FROM");
        if (cursor.accept("dbo") || cursor.accept("sys")) {
            cursor.expect(".");
        }
        cursor.expect("sysobjects");
        String type = null;
        String name = null;
        if (cursor.accept("WHERE")) {
            do {
                if (cursor.accept("type")) {
                    cursor.expect("=");
                    type = text(cursor, "a type such as 'P'");
                } else {
                    cursor.expect("name");
                    cursor.expect("=");
                    name = text(cursor, "a procedure name");
                }
            } while (cursor.accept("AND"));
        }
        return new SysobjectsQuery(type, name);
    }

    private static String text(TokenCursor cursor, String what) {
        if (cursor.peek().is(Kind.STRING) || cursor.peek().is(Kind.UNICODE_STRING)) {
            return cursor.next().text();
        }
        throw cursor.unexpected(what);
    }
}
