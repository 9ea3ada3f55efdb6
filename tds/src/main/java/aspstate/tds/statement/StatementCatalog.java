package aspstate.tds.statement;

import aspstate.tds.sql.ShapeMatch;
import aspstate.tds.sql.ShapeText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The statements this server recognizes by their shape ({@link ServedStatement}), beside the procedures it serves.
 * A text is compared with the shapes that start with its first word only, and what a text came to is remembered
 * ({@link RememberedTexts}): clients send the same few texts again and again (ASP.NET Core's cache one per
 * operation, through sp_executesql), so recognizing one costs a lookup.
 */
public final class StatementCatalog {
    /** Serves no statements: every text goes on to the T-SQL subset. */
    public static final StatementCatalog NONE = new StatementCatalog(List.of());

    /** Texts remembered at most; far more than the texts the served clients send. */
    static final int MAX_REMEMBERED = 256;
    /** Longer texts are recognized each time, never kept: the longest served text has about 3,000 characters. */
    static final int MAX_REMEMBERED_CHARS = 8_192;
    /**
     * No served statement is longer, even with every name at its longest (a sysname is 128 characters): a longer
     * text is not split into tokens at all, which for megabytes of text would cost as much memory again.
     */
    static final int MAX_RECOGNIZED_CHARS = 65_536;

    private final List<ServedStatement> statements;
    private final Map<String, List<ServedStatement>> byFirstWord = new HashMap<>();
    private final RememberedTexts<Optional<RecognizedStatement>> remembered =
            new RememberedTexts<>(MAX_REMEMBERED, MAX_REMEMBERED_CHARS);

    public StatementCatalog(List<ServedStatement> statements) {
        this.statements = List.copyOf(statements);
        for (ServedStatement statement : statements) {
            byFirstWord
                    .computeIfAbsent(statement.shape().firstWord(), word -> new ArrayList<>())
                    .add(statement);
        }
    }

    /** One catalog serving the statements of all. */
    public static StatementCatalog combine(StatementCatalog... catalogs) {
        List<ServedStatement> all = new ArrayList<>();
        for (StatementCatalog catalog : catalogs) {
            all.addAll(catalog.statements);
        }
        return new StatementCatalog(all);
    }

    /** The served statement this text is, bound; empty for any other text (which may still be in the T-SQL subset). */
    public Optional<RecognizedStatement> recognize(String text) {
        if (statements.isEmpty() || text.length() > MAX_RECOGNIZED_CHARS) {
            return Optional.empty();
        }
        return remembered.get(text, unknown -> ShapeText.of(unknown).flatMap(this::match));
    }

    private Optional<RecognizedStatement> match(ShapeText text) {
        for (ServedStatement statement : byFirstWord.getOrDefault(text.firstWord(), List.of())) {
            Optional<ShapeMatch> match = statement.shape().match(text);
            if (match.isPresent()) {
                return Optional.of(
                        new RecognizedStatement(match.get(), statement.binder().apply(match.get())));
            }
        }
        return Optional.empty();
    }
}
