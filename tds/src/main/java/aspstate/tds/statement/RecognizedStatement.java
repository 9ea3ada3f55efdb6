package aspstate.tds.statement;

import aspstate.tds.sql.ShapeMatch;

/**
 * A client's text recognized as a served statement: what its placeholders held (the client's variable names among
 * them, which its parameters are matched by) and the statement they bound.
 */
public record RecognizedStatement(ShapeMatch match, BoundStatement statement) {}
