package aspstate.tds.sql;

import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlToken.Kind;
import java.util.List;

/** Walks a token list for a recursive-descent parser; every "expected" failure names where and what. */
final class TokenCursor {
    private final List<SqlToken> tokens;
    private int index;

    TokenCursor(String text) {
        this.tokens = SqlLexer.tokens(text);
    }

    SqlToken peek() {
        return tokens.get(index);
    }

    SqlToken peekSecond() {
        return tokens.get(Math.min(index + 1, tokens.size() - 1));
    }

    SqlToken next() {
        SqlToken token = tokens.get(index);
        if (!token.is(Kind.END)) {
            index++;
        }
        return token;
    }

    /** Consumes the keyword or punctuation if it comes next. */
    boolean accept(String keywordOrPunctuation) {
        if (peek().is(keywordOrPunctuation)) {
            index++;
            return true;
        }
        return false;
    }

    void expect(String keywordOrPunctuation) {
        if (!accept(keywordOrPunctuation)) {
            throw unexpected("'" + keywordOrPunctuation + "'");
        }
    }

    SqlToken expect(Kind kind, String what) {
        if (!peek().is(kind)) {
            throw unexpected(what);
        }
        return next();
    }

    void expectEnd() {
        accept(";");
        if (!peek().is(Kind.END)) {
            throw unexpected("the end of the statement");
        }
    }

    SqlException unexpected(String expected) {
        SqlToken token = peek();
        // At the end SQL Server names the last token, which is where the text stopped making sense.
        SqlToken shown = token.is(Kind.END) && index > 0 ? tokens.get(index - 1) : token;
        return SqlException.syntax(shown.shown(), token.position(), expected);
    }
}
