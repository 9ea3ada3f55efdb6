package aspstate.tds.sql;

import aspstate.tds.sql.SqlToken.Kind;

/** {@code USE database}: any name is accepted, since the procedures are served in every database. */
public record UseStatement(String database) implements BatchStatement {
    /** SQL Server identifiers have at most 128 characters. */
    private static final int MAX_IDENTIFIER = 128;

    static UseStatement parse(TokenCursor cursor) {
        cursor.expect("USE");
        SqlToken name = cursor.peek();
        if ((!name.is(Kind.WORD) && !name.is(Kind.QUOTED_NAME)) || name.text().length() > MAX_IDENTIFIER) {
            throw cursor.unexpected("a database name of at most " + MAX_IDENTIFIER + " characters");
        }
        cursor.next();
        return new UseStatement(name.text());
    }
}
