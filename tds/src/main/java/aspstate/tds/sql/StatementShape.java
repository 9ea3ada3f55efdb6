package aspstate.tds.sql;

import aspstate.tds.sql.SqlToken.Kind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A statement or batch that clients send, known by its shape: this server does not run T-SQL of that kind, it
 * recognizes the texts it serves. A template is T-SQL text in which
 * <ul>
 * <li>{@code {name}} stands for an object name of one to three parts ({@code t}, {@code dbo.t}, {@code [db].[dbo].[t]}),
 * <li>{@code {'name'}} stands for a string literal,
 * <li>every variable ({@code @Id}) stands for whatever variable the client put in its place: the same one at each of
 * the template's places, or one per place when the client made every use a parameter of its own (JDBC's {@code ?}
 * markers become {@code @P0}, {@code @P1}, ...),
 * <li>everything else must be there as written: keywords and names in any case and with or without brackets, the
 * same literals, operators and {@code @@} variables; whitespace, comments and semicolons do not count.
 * </ul>
 * A placeholder that occurs more than once must be filled the same way (case aside) every time.
 */
public final class StatementShape {
    private enum ElementKind {
        FIXED,
        VARIABLE,
        NAME,
        LITERAL
    }

    /** @param token the token to find (FIXED), or null; @param key the placeholder's or variable's key */
    private record Element(ElementKind kind, SqlToken token, String key) {}

    private static final int MAX_NAME_PARTS = 3;

    private final List<Element> elements;
    private final String firstWord;

    private StatementShape(List<Element> elements) {
        this.elements = List.copyOf(elements);
        Element first = elements.get(0);
        this.firstWord = first.kind == ElementKind.FIXED && first.token.is(Kind.WORD)
                ? first.token.text().toUpperCase(Locale.ROOT)
                : "";
    }

    /** @throws IllegalArgumentException for a template that is not T-SQL text with well-formed placeholders */
    public static StatementShape of(String template) {
        List<Element> elements = new ArrayList<>();
        int at = 0;
        while (at < template.length()) {
            int open = template.indexOf('{', at);
            int textEnd = open < 0 ? template.length() : open;
            for (SqlToken token : ShapeText.withoutSemicolons(SqlLexer.tokens(template.substring(at, textEnd)))) {
                if (token.is(Kind.END)) {
                    continue;
                }
                boolean variable = token.is(Kind.VARIABLE) && !token.text().startsWith("@@");
                elements.add(
                        variable
                                ? new Element(ElementKind.VARIABLE, null, ShapeMatch.key(token.text()))
                                : new Element(ElementKind.FIXED, token, null));
            }
            if (open < 0) {
                break;
            }
            int close = template.indexOf('}', open);
            if (close < 0) {
                throw new IllegalArgumentException("unclosed placeholder at " + open + " in " + template);
            }
            String placeholder = template.substring(open + 1, close);
            boolean literal = placeholder.length() > 2 && placeholder.startsWith("'") && placeholder.endsWith("'");
            elements.add(
                    literal
                            ? new Element(ElementKind.LITERAL, null, placeholder.substring(1, placeholder.length() - 1))
                            : new Element(ElementKind.NAME, null, placeholder));
            at = close + 1;
        }
        if (elements.isEmpty()) {
            throw new IllegalArgumentException("an empty template");
        }
        return new StatementShape(elements);
    }

    /** The first word of the shape, upper-cased, or "" when it starts with a placeholder or punctuation. */
    public String firstWord() {
        return firstWord;
    }

    /** What the text put in the placeholders, if it has this shape. */
    public Optional<ShapeMatch> match(ShapeText text) {
        List<SqlToken> tokens = text.tokens();
        Map<String, List<String>> names = new HashMap<>();
        Map<String, String> literals = new HashMap<>();
        Map<String, List<String>> variables = new HashMap<>();
        int at = 0;
        for (Element element : elements) {
            SqlToken token = tokens.get(at);
            switch (element.kind) {
                case FIXED -> {
                    if (!same(element.token, token)) {
                        return Optional.empty();
                    }
                    at++;
                }
                case VARIABLE -> {
                    if (!token.is(Kind.VARIABLE) || token.text().startsWith("@@")) {
                        return Optional.empty();
                    }
                    List<String> clients = variables.computeIfAbsent(element.key, key -> new ArrayList<>());
                    if (clients.stream().noneMatch(token.text()::equalsIgnoreCase)) {
                        clients.add(token.text());
                    }
                    at++;
                }
                case LITERAL -> {
                    if (!token.is(Kind.STRING) && !token.is(Kind.UNICODE_STRING)
                            || !sameCapture(literals, element.key, token.text())) {
                        return Optional.empty();
                    }
                    at++;
                }
                case NAME -> {
                    List<String> parts = new ArrayList<>();
                    at = name(tokens, at, parts);
                    if (parts.isEmpty() || !sameName(names, element.key, parts)) {
                        return Optional.empty();
                    }
                }
                default -> throw new IllegalStateException("unknown element " + element.kind);
            }
        }
        if (!tokens.get(at).is(Kind.END)) {
            return Optional.empty();
        }
        return Optional.of(new ShapeMatch(names, literals, variables));
    }

    /** Reads a name of up to three parts from {@code at} into {@code parts}; returns where it ends. */
    private static int name(List<SqlToken> tokens, int at, List<String> parts) {
        while (isName(tokens.get(at)) && parts.size() < MAX_NAME_PARTS) {
            parts.add(tokens.get(at).text());
            at++;
            if (!tokens.get(at).is(".") || !isName(tokens.get(at + 1))) {
                return at;
            }
            at++;
        }
        return at;
    }

    private static boolean isName(SqlToken token) {
        return token.is(Kind.WORD) || token.is(Kind.QUOTED_NAME);
    }

    private static boolean sameCapture(Map<String, String> captured, String key, String value) {
        String earlier = captured.putIfAbsent(key, value);
        return earlier == null || earlier.equalsIgnoreCase(value);
    }

    private static boolean sameName(Map<String, List<String>> captured, String key, List<String> parts) {
        List<String> earlier = captured.putIfAbsent(key, parts);
        if (earlier == null) {
            return true;
        }
        if (earlier.size() != parts.size()) {
            return false;
        }
        for (int i = 0; i < parts.size(); i++) {
            if (!earlier.get(i).equalsIgnoreCase(parts.get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * A token of the template and one of the text: words and names alike without case or brackets (a server with
     * a case-insensitive collation reads them so), literals without case and without the N of Unicode, the rest
     * exactly.
     */
    private static boolean same(SqlToken template, SqlToken text) {
        return switch (template.kind()) {
            case WORD, QUOTED_NAME -> isName(text) && template.text().equalsIgnoreCase(text.text());
            case STRING, UNICODE_STRING ->
                (text.is(Kind.STRING) || text.is(Kind.UNICODE_STRING))
                        && template.text().equalsIgnoreCase(text.text());
            case VARIABLE, BINARY ->
                text.kind() == template.kind() && template.text().equalsIgnoreCase(text.text());
            case NUMBER, PUNCTUATION ->
                text.kind() == template.kind() && template.text().equals(text.text());
            case END -> text.is(Kind.END);
        };
    }

    static String firstWord(List<SqlToken> tokens) {
        SqlToken first = tokens.get(0);
        return first.is(Kind.WORD) ? first.text().toUpperCase(Locale.ROOT) : "";
    }
}
