package aspstate.tds.sql;

import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits T-SQL text into tokens: words, [bracketed names], @variables (and @@system variables), numbers,
 * 'string' and N'string' literals, 0x binary literals and single punctuation characters; whitespace and comments
 * ({@code --} to the end of the line, {@code /* *}{@code /}) are dropped.
 */
final class SqlLexer {
    private static final String PUNCTUATION = ",=.();-><";

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
            int close = text.indexOf(']', index);
            if (close < 0) {
                throw SqlException.syntax(text.substring(start), start + 1, "']' to close the name");
            }
            index = close + 1;
            return new SqlToken(Kind.QUOTED_NAME, text.substring(start + 1, close), start + 1);
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

    /** 0x and hex digits, none or more; SQL Server reads an odd count as if a 0 led. */
    private SqlToken binary(int start) {
        index += 2;
        int digits = index;
        while (index < text.length() && Character.digit(text.charAt(index), 16) >= 0) {
            index++;
        }
        return new SqlToken(Kind.BINARY, text.substring(digits, index), start + 1);
    }

    /** A literal from its N or opening quote; a doubled quote inside stands for one quote. */
    private SqlToken string(int start) {
        boolean unicode = text.charAt(start) != '\'';
        index = text.indexOf('\'', index) + 1; // past the opening quote, after N if there is one
        StringBuilder value = new StringBuilder();
        while (true) {
            int quote = text.indexOf('\'', index);
            if (quote < 0) {
                throw SqlException.syntax(text.substring(start), start + 1, "a quote to close the string");
            }
            value.append(text, index, quote);
            index = quote + 1;
            if (!text.startsWith("'", index)) {
                return new SqlToken(unicode ? Kind.UNICODE_STRING : Kind.STRING, value.toString(), start + 1);
            }
            value.append('\'');
            index++;
        }
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
                int end = text.indexOf("*/", index + 2);
                index = end < 0 ? text.length() : end + 2;
            } else {
                return;
            }
        }
    }
}
