package aspstate.tds.sql;

import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;

/** {@code DECLARE @a type [= value], @b type ...}. */
public record DeclareStatement(List<Declared> variables) implements BatchStatement {
    /** @param initial the value it starts with, or null for NULL */
    public record Declared(String name, SqlDataType type, Expression initial) {}

    static DeclareStatement parse(TokenCursor cursor) {
        cursor.expect("DECLARE");
        List<Declared> variables = new ArrayList<>();
        do {
            SqlToken name = cursor.expect(Kind.VARIABLE, "a variable name such as @x");
            if (name.text().startsWith("@@")) {
                throw SqlException.syntax(name.text(), name.position(), "a variable name with one @");
            }
            cursor.accept("AS");
            SqlDataType type = SqlDataType.parse(cursor, variables.size() + 1);
            Expression initial = cursor.accept("=") ? Expression.parse(cursor) : null;
            variables.add(new Declared(name.text(), type, initial));
        } while (cursor.accept(","));
        return new DeclareStatement(List.copyOf(variables));
    }
}
