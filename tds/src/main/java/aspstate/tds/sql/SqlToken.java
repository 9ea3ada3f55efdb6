package aspstate.tds.sql;

/**
 * One lexical token of T-SQL text.
 *
 * @param text     a word or variable as written ('@' kept), a bracketed name without its brackets, a string
 *                 literal's value (without N and quotes), a binary literal's hex digits (without 0x), a
 *                 punctuation character, or empty at the end
 * @param position 1-based character position in the text
 */
record SqlToken(Kind kind, String text, int position) {
    enum Kind {
        WORD,
        QUOTED_NAME,
        VARIABLE,
        NUMBER,
        STRING,
        UNICODE_STRING,
        BINARY,
        PUNCTUATION,
        END
    }

    boolean is(Kind expected) {
        return kind == expected;
    }

    /** A keyword or punctuation, case-insensitively; a bracketed name is never a keyword. */
    boolean is(String keywordOrPunctuation) {
        return (kind == Kind.WORD || kind == Kind.PUNCTUATION) && text.equalsIgnoreCase(keywordOrPunctuation);
    }

    /** As SQL Server quotes it in "Incorrect syntax near": the end of the text shows as the last token would. */
    String shown() {
        return switch (kind) {
            case QUOTED_NAME -> "[" + text.replace("]", "]]") + "]";
            case STRING -> "'" + text.replace("'", "''") + "'";
            case UNICODE_STRING -> "N'" + text.replace("'", "''") + "'";
            case BINARY -> "0x" + text;
            default -> text;
        };
    }
}
