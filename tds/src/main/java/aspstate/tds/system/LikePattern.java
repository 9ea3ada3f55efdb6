package aspstate.tds.system;

import java.util.Locale;

/**
 * T-SQL LIKE matching, as the catalog procedures apply it to names: {@code %} any run of characters, {@code _} any
 * one character, {@code [abc]}, {@code [a-f]} and {@code [^abc]} one character of (or not of) a set, so that
 * {@code [_]} is a literal underscore (mssql-jdbc escapes wildcards that way). Case-insensitive, as the server's
 * collation compares; a {@code [} without a closing bracket is itself.
 */
final class LikePattern {
    private LikePattern() {
    }

    static boolean matches(String pattern, String text) {
        return matchesFrom(pattern.toLowerCase(Locale.ROOT), 0, text.toLowerCase(Locale.ROOT), 0);
    }

    private static boolean matchesFrom(String pattern, int p, String text, int t) {
        while (p < pattern.length()) {
            char c = pattern.charAt(p);
            if (c == '%') {
                for (int rest = t; rest <= text.length(); rest++) {
                    if (matchesFrom(pattern, p + 1, text, rest)) {
                        return true;
                    }
                }
                return false;
            }
            if (t == text.length()) {
                return false;
            }
            int close = c == '[' ? pattern.indexOf(']', p + 1) : -1;
            if (close > p + 1) {
                if (!inSet(pattern.substring(p + 1, close), text.charAt(t))) {
                    return false;
                }
                p = close + 1;
            } else {
                if (c != '_' && c != text.charAt(t)) {
                    return false;
                }
                p++;
            }
            t++;
        }
        return t == text.length();
    }

    /** Whether {@code c} is in a bracket set's content: characters and ranges, negated by a leading '^'. */
    private static boolean inSet(String set, char c) {
        boolean negated = set.length() > 1 && set.charAt(0) == '^';
        boolean found = false;
        for (int i = negated ? 1 : 0; i < set.length() && !found; i++) {
            if (i + 2 < set.length() && set.charAt(i + 1) == '-') {
                found = c >= set.charAt(i) && c <= set.charAt(i + 2);
                i += 2;
            } else {
                found = c == set.charAt(i);
            }
        }
        return found != negated;
    }
}
