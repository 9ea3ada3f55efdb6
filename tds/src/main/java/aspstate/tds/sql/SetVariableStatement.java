package aspstate.tds.sql;

/** {@code SET @v = value}. */
public record SetVariableStatement(Expression.Variable variable, Expression value) implements BatchStatement {}
