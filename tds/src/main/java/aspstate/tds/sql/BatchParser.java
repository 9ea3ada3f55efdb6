package aspstate.tds.sql;

import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads a SQL batch into statements of the subset this server runs. Statements end at a semicolon or where the
 * next one starts (tedious and jTDS separate them by line breaks only), as T-SQL allows.
 */
public final class BatchParser {
    private static final Set<String> STATEMENT_KEYWORDS =
            Set.of("SELECT", "SET", "DECLARE", "EXEC", "EXECUTE", "USE", "IF");
    private static final String SUBSET =
            "a statement this server runs: SELECT, SET, DECLARE, EXEC, USE or " + "IF @@TRANCOUNT > 0 COMMIT";

    private BatchParser() {}

    /**
     * @throws SqlException  on text outside the subset (102)
     * @throws SqlException   on a declaration SQL Server refuses before running anything (2715, 131, 179)
     */
    public static List<BatchStatement> parse(String text) {
        TokenCursor cursor = new TokenCursor(text);
        List<BatchStatement> statements = new ArrayList<>();
        while (true) {
            while (cursor.accept(";")) {
                // empty statements are allowed
            }
            if (cursor.peek().is(Kind.END)) {
                return List.copyOf(statements);
            }
            statements.add(statement(cursor));
            SqlToken next = cursor.peek();
            if (!next.is(";") && !next.is(Kind.END) && !startsStatement(next)) {
                throw cursor.unexpected("';' or the next statement");
            }
        }
    }

    static boolean startsStatement(SqlToken token) {
        return token.is(Kind.WORD) && STATEMENT_KEYWORDS.stream().anyMatch(token::is);
    }

    private static BatchStatement statement(TokenCursor cursor) {
        SqlToken first = cursor.peek();
        if (first.is("SELECT")) {
            return SelectStatement.parse(cursor);
        }
        if (first.is("SET")) {
            return set(cursor);
        }
        if (first.is("DECLARE")) {
            return DeclareStatement.parse(cursor);
        }
        if (first.is("EXEC") || first.is("EXECUTE")) {
            return ExecStatement.parse(cursor);
        }
        if (first.is("USE")) {
            return UseStatement.parse(cursor);
        }
        if (first.is("IF")) {
            return TransactionCheck.parse(cursor);
        }
        throw cursor.unexpected(SUBSET);
    }

    /** {@code SET @v = value}, or an option: its words run to the end of the statement. */
    private static BatchStatement set(TokenCursor cursor) {
        cursor.expect("SET");
        if (cursor.peek().is(Kind.VARIABLE)) {
            SqlToken name = cursor.next();
            cursor.expect("=");
            return new SetVariableStatement(
                    new Expression.Variable(name.text(), name.position()), Expression.parse(cursor));
        }
        StringBuilder option = new StringBuilder(
                cursor.expect(Kind.WORD, "an option or a variable").text());
        while (true) {
            SqlToken next = cursor.peek();
            if (next.is(Kind.END) || next.is(";") || startsStatement(next)) {
                return new SetOptionStatement(option.toString());
            }
            if (next.is(Kind.VARIABLE) || next.is("(") || next.is(")") || next.is("=")) {
                throw cursor.unexpected("an option's value, such as ON or OFF");
            }
            option.append(' ').append(cursor.next().shown());
        }
    }
}
