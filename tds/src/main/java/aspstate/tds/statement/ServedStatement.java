package aspstate.tds.statement;

import aspstate.tds.sql.ShapeMatch;
import aspstate.tds.sql.StatementShape;
import java.util.function.Function;

/**
 * A statement this server serves: the shape clients send it in ({@link StatementShape} explains templates) and how
 * a text of that shape is bound, once per distinct text, to what it runs on.
 */
public record ServedStatement(StatementShape shape, Function<ShapeMatch, BoundStatement> binder) {
    public static ServedStatement of(String template, Function<ShapeMatch, BoundStatement> binder) {
        return new ServedStatement(StatementShape.of(template), binder);
    }
}
