package aspstate.tds.sql;

import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A client's statement text as {@link StatementShape}s compare it: its tokens without whitespace, comments and
 * semicolons (T-SQL's optional statement terminators), ending with an END token.
 */
public final class ShapeText {
    private final List<SqlToken> tokens;

    private ShapeText(List<SqlToken> tokens) {
        this.tokens = tokens;
    }

    /** The text's tokens; empty when it cannot even be split into tokens, which then matches no shape. */
    public static Optional<ShapeText> of(String text) {
        List<SqlToken> tokens;
        try {
            tokens = SqlLexer.tokens(text);
        } catch (SqlException notTokens) {
            return Optional.empty();
        }
        return Optional.of(new ShapeText(withoutSemicolons(tokens)));
    }

    static List<SqlToken> withoutSemicolons(List<SqlToken> tokens) {
        List<SqlToken> kept = new ArrayList<>(tokens.size());
        for (SqlToken token : tokens) {
            if (!token.is(";")) {
                kept.add(token);
            }
        }
        return kept;
    }

    List<SqlToken> tokens() {
        return tokens;
    }

    /** The first word, upper-cased, or "" when the text does not start with one: what shapes are filed under. */
    public String firstWord() {
        return StatementShape.firstWord(tokens);
    }

    /** Whether it is empty: no tokens but the end. */
    boolean isEmpty() {
        return tokens.get(0).is(Kind.END);
    }
}
