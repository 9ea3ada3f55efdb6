package aspstate.tds.system;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * T-SQL LIKE matching, as the catalog procedures apply it to names: {@code %} any run of characters, {@code _} any
 * one character, {@code [abc]}, {@code [a-f]} and {@code [^abc]} one character of (or not of) a set, so that
 * {@code [_]} is a literal underscore (mssql-jdbc escapes wildcards that way). Case-insensitive, as the server's
 * collation compares; a {@code [} without a closing bracket is itself.
 */
final class LikePattern {
    private LikePattern() {}

    static boolean matches(String pattern, String text) {
        return matches(elements(pattern.toLowerCase(Locale.ROOT)), text.toLowerCase(Locale.ROOT));
    }

    /**
     * Each element but {@code %} matches exactly one character, so one pass that, on a mismatch, goes back to just
     * after the last {@code %} and lets it take one more character finds a match if there is one, in at most
     * (pattern x text) steps. Trying every split at every {@code %} recursively, as this did before, took
     * exponential time on patterns like {@code %a%a%a%a%b}, which any client can send.
     */
    private static boolean matches(List<String> elements, String text) {
        int e = 0;
        int t = 0;
        int afterPercent = -1;
        int percentTook = 0;
        while (t < text.length()) {
            if (e < elements.size() && elements.get(e).equals("%")) {
                afterPercent = ++e;
                percentTook = t;
            } else if (e < elements.size() && matchesOne(elements.get(e), text.charAt(t))) {
                e++;
                t++;
            } else if (afterPercent >= 0) {
                e = afterPercent;
                t = ++percentTook;
            } else {
                return false;
            }
        }
        while (e < elements.size() && elements.get(e).equals("%")) {
            e++;
        }
        return e == elements.size();
    }

    /** The pattern as elements: "%", "_", a bracket set with its brackets, or one literal character. */
    private static List<String> elements(String pattern) {
        List<String> elements = new ArrayList<>();
        int p = 0;
        while (p < pattern.length()) {
            int close = pattern.charAt(p) == '[' ? pattern.indexOf(']', p + 1) : -1;
            int end = close > p + 1 ? close + 1 : p + 1;
            elements.add(pattern.substring(p, end));
            p = end;
        }
        return elements;
    }

    private static boolean matchesOne(String element, char c) {
        if (element.length() > 1) {
            return inSet(element.substring(1, element.length() - 1), c);
        }
        char only = element.charAt(0);
        return only == '_' || only == c;
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
