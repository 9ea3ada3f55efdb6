package aspstate.core;

/**
 * Text a client sent, made fit for a log line: control characters and line separators are escaped (so a user name
 * with CR LF in it cannot forge a line of its own), backslashes too (so an escape in the log is never ambiguous),
 * and the text is cut to a bounded length (so 30,000 characters make no 30 KB line).
 */
public final class LogText {
    /** Characters of client text kept in a log line; the rest is counted, not written. */
    public static final int MAX_CHARS = 128;

    private LogText() {}

    /** The text escaped and cut; {@code null} stays "null". */
    public static String client(CharSequence text) {
        return escaped(text, MAX_CHARS);
    }

    /**
     * The text escaped and cut to {@code maxChars}; {@code null} stays "null". For client text shown anywhere a
     * control character could do harm: a log line, or a terminal (where an escape sequence could rewrite the
     * screen).
     */
    public static String escaped(CharSequence text, int maxChars) {
        if (text == null) {
            return "null";
        }
        int shown = Math.min(text.length(), maxChars);
        StringBuilder line = new StringBuilder(shown + 24);
        for (int i = 0; i < shown; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> line.append("\\\\");
                case '\r' -> line.append("\\r");
                case '\n' -> line.append("\\n");
                case '\t' -> line.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                        line.append(String.format("\\u%04x", (int) c));
                    } else {
                        line.append(c);
                    }
                }
            }
        }
        if (text.length() > shown) {
            line.append("...(").append(text.length() - shown).append(" more characters)");
        }
        return line.toString();
    }
}
