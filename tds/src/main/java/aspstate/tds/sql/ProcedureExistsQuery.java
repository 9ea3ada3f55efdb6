package aspstate.tds.sql;

import aspstate.tds.sql.SqlToken.Kind;
import java.util.Optional;

/**
 * The query ASP.NET's SqlSessionStateStore opens with to learn which schema it talks to:
 * {@code SELECT name FROM sysobjects WHERE type = 'P' AND name = 'TempGetVersion'} (the table may carry the
 * {@code dbo.} or {@code sys.} schema, the two conditions may come in either order, keywords in any case).
 *
 * @param procedureName the name the query looks for
 */
public record ProcedureExistsQuery(String procedureName) {
    /** sysobjects.type of a stored procedure, a char(2) column: 'P ' compares equal to 'P'. */
    private static final String PROCEDURE_TYPE = "P";

    /** The query in {@code text}, or empty when the text is anything else. */
    public static Optional<ProcedureExistsQuery> parse(String text) {
        try {
            return Optional.ofNullable(parse(new TokenCursor(text)));
        } catch (SqlSyntaxException otherStatement) {
            return Optional.empty();
        }
    }

    private static ProcedureExistsQuery parse(TokenCursor cursor) {
        cursor.expect("SELECT");
        cursor.expect("name");
        cursor.expect("FROM");
        if (cursor.accept("dbo") || cursor.accept("sys")) {
            cursor.expect(".");
        }
        cursor.expect("sysobjects");
        cursor.expect("WHERE");
        String type = null;
        String name = null;
        do {
            if (cursor.accept("type")) {
                cursor.expect("=");
                type = cursor.expect(Kind.STRING, "a type such as 'P'").text();
            } else {
                cursor.expect("name");
                cursor.expect("=");
                name = cursor.expect(Kind.STRING, "a procedure name").text();
            }
        } while (cursor.accept("AND"));
        cursor.expectEnd();
        boolean procedures = type != null && type.stripTrailing().equalsIgnoreCase(PROCEDURE_TYPE);
        return procedures && name != null ? new ProcedureExistsQuery(name) : null;
    }
}
