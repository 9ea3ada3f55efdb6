package aspstate.tds.statement;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.sql.ShapeMatch;

/** The values a recognized statement runs with, by the template's variable names ({@code @Id}). */
public interface StatementArguments {
    /**
     * The value the client passed for {@code variable}: Integer/Long, Double, Boolean, byte[], String,
     * LocalDateTime, OffsetDateTime, or null for NULL.
     *
     * @throws SqlException 137 when the client declared no such parameter, as SQL Server refuses a variable used
     *                      but not declared
     */
    Object value(String variable);

    /** No values: a statement sent in a SQL batch, whose variables nothing declares. */
    static StatementArguments none(ShapeMatch match) {
        return variable -> {
            throw SqlException.of(SqlErrors.undeclared(match.variables(variable).get(0)));
        };
    }
}
