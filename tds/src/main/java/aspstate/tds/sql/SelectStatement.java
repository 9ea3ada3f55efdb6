package aspstate.tds.sql;

import aspstate.tds.sql.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** {@code SELECT value [[AS] alias], ...} without FROM: variables, literals and system variables. */
public record SelectStatement(List<Item> items) implements BatchStatement {
    /** @param alias the column's name, or empty: SQL Server sends no name for an unnamed expression */
    public record Item(Expression value, String alias) {}

    /** Words that end a select list instead of naming a column. */
    private static final Set<String> NOT_AN_ALIAS =
            Set.of("FROM", "WHERE", "INTO", "UNION", "ORDER", "GROUP", "HAVING", "AND", "OR");

    /** A select list, or the sysobjects query when it starts with a column name. */
    static BatchStatement parse(TokenCursor cursor) {
        cursor.expect("SELECT");
        if (cursor.peek().is(Kind.WORD) && !cursor.peek().is("NULL")) {
            return SysobjectsQuery.parseAfterSelect(cursor);
        }
        List<Item> items = new ArrayList<>();
        do {
            items.add(new Item(Expression.parse(cursor), alias(cursor)));
        } while (cursor.accept(","));
        return new SelectStatement(List.copyOf(items));
    }

    private static String alias(TokenCursor cursor) {
        if (cursor.accept("AS")) {
            SqlToken alias = cursor.peek();
            if (alias.is(Kind.WORD) || alias.is(Kind.QUOTED_NAME) || alias.is(Kind.STRING)) {
                return cursor.next().text();
            }
            throw cursor.unexpected("a column name");
        }
        SqlToken next = cursor.peek();
        boolean bareAlias = next.is(Kind.WORD)
                && !BatchParser.startsStatement(next)
                && NOT_AN_ALIAS.stream().noneMatch(next::is);
        return bareAlias || next.is(Kind.QUOTED_NAME) || next.is(Kind.STRING)
                ? cursor.next().text()
                : "";
    }
}
