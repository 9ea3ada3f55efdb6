package aspstate.tds.sql;

import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits T-SQL text into tokens: words, [bracketed] and "quoted" names (a doubled closing character inside stands for
 * one), @variables (and @@system variables), numbers, 'string' and N'string' literals, 0x binary literals and single
 * punctuation and operator characters; whitespace and comments ({@code --} to the end of the line, and
 * {@code /* *}{@code /}, which nest in T-SQL) are dropped.
 */
final class SqlLexer {
    private static final String PUNCTUATION = ",=.();-><*&~+/%!|^";

    private final String text;
    private int index;

    private SqlLexer(String text) {
        this.text = text;
    }

    /** The tokens of {@code text}, ending with an END token. */
    static List<SqlToken> tokens(String text) {
        return new SqlLexer(text).all();
    }

    private List<SqlToken> all() {
        List<SqlToken> tokens = new ArrayList<>();
        while (true) {
            skipBlanksAndComments();
            if (index >= text.length()) {
                tokens.add(new SqlToken(Kind.END, "", index + 1));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private SqlToken next() {
        int start = index;
        char c = text.charAt(index);
        if (c == '[') {
            return quotedName(start, ']', "']' to close the name");
        }
        if (c == '"') {
            return quotedName(start, '"', "'\"' to close the name");
        }
        if (c == '\'' || ((c == 'N' || c == 'n') && text.startsWith("'", index + 1))) {
            return string(start);
        }
        if (c == '@') {
            index++;
            return new SqlToken(Kind.VARIABLE, "@" + word(), start + 1);
        }
        if (c == '0' && (text.startsWith("x", index + 1) || text.startsWith("X", index + 1))) {
            return binary(start);
        }
        if (Character.isDigit(c)) {
            while (index < text.length() && Character.isDigit(text.charAt(index))) {
                index++;
            }
            return new SqlToken(Kind.NUMBER, text.substring(start, index), start + 1);
        }
        if (isWordStart(c)) {
            return new SqlToken(Kind.WORD, word(), start + 1);
        }
        if (PUNCTUATION.indexOf(c) >= 0) {
            index++;
            return new SqlToken(Kind.PUNCTUATION, String.valueOf(c), start + 1);
        }
        throw SqlException.syntax(String.valueOf(c), start + 1, "a name, variable, number or one of " + PUNCTUATION);
    }

    /** A delimited identifier from its opening character. */
    private SqlToken quotedName(int start, char close, String expected) {
        index = start + 1;
        return new SqlToken(Kind.QUOTED_NAME, delimited(start, close, expected), start + 1);
    }

    /**
     * The text from here to the closing character, past which it leaves the index; the closing character doubled
     * stands for itself, as in 'it''s' and [a]]b].
     *
     * @param start where the token began, for the error when it is not closed
     */
    private String delimited(int start, char close, String expected) {
        StringBuilder value = new StringBuilder();
        while (true) {
            int end = text.indexOf(close, index);
            if (end < 0) {
                throw SqlException.syntax(text.substring(start), start + 1, expected);
            }
            value.append(text, index, end);
            index = end + 1;
            if (index >= text.length() || text.charAt(index) != close) {
                return value.toString();
            }
            value.append(close);
            index++;
        }
    }

    /** 0x and hex digits, none or more; SQL Server reads an odd count as if a 0 led. */
    private SqlToken binary(int start) {
        index += 2;
        int digits = index;
        while (index < text.length() && Character.digit(text.charAt(index), 16) >= 0) {
            index++;
        }
        return new SqlToken(Kind.BINARY, text.substring(digits, index), start + 1);
    }

    /** A literal from its N or opening quote. */
    private SqlToken string(int start) {
        boolean unicode = text.charAt(start) != '\'';
        index = text.indexOf('\'', index) + 1; // past the opening quote, after N if there is one
        String value = delimited(start, '\'', "a quote to close the string");
        return new SqlToken(unicode ? Kind.UNICODE_STRING : Kind.STRING, value, start + 1);
    }

    /** Identifier characters per SQL Server's rules for regular identifiers. */
    private String word() {
        int start = index;
        while (index < text.length() && isWordPart(text.charAt(index))) {
            index++;
        }
        return text.substring(start, index);
    }

    private static boolean isWordStart(char c) {
        return Character.isLetter(c) || c == '_' || c == '#';
    }

    private static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '#' || c == '$' || c == '@';
    }

    private void skipBlanksAndComments() {
        while (index < text.length()) {
            if (Character.isWhitespace(text.charAt(index))) {
                index++;
            } else if (text.startsWith("--", index)) {
                int end = text.indexOf('\n', index);
                index = end < 0 ? text.length() : end + 1;
            } else if (text.startsWith("/*", index)) {
                skipBlockComment();
            } else {
                return;
            }
        }
    }

    /** From its opening to its closing mark, comments inside included; an unclosed one runs to the end. */
    private void skipBlockComment() {
        int depth = 0;
        while (index < text.length()) {
            if (text.startsWith("/*", index)) {
                depth++;
                index += 2;
            } else if (text.startsWith("*/", index)) {
                depth--;
                index += 2;
                if (depth == 0) {
                    return;
                }
            } else {
                index++;
            }
        }
    }
}
