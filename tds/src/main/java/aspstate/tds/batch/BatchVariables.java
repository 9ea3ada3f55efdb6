package aspstate.tds.batch;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.session.TdsSession;
import aspstate.tds.sql.Conversions;
import aspstate.tds.sql.Expression;
import aspstate.tds.sql.SqlDataType;
import aspstate.tds.sql.TypedValue;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The variables of one batch as it runs, each keeping its declared type: an assignment converts the value into
 * it, as T-SQL does. Names compare case-insensitively, as under the server's collation.
 */
final class BatchVariables {
    private final Map<String, TypedValue> byName = new HashMap<>();
    private final TdsSession session;

    BatchVariables(TdsSession session) {
        this.session = session;
    }

    /** A new variable, NULL until assigned. */
    void declare(String name, SqlDataType type) {
        byName.put(key(name), new TypedValue(type, null));
    }

    /** @throws SqlException when the value does not convert to the variable's type */
    void assign(String name, TypedValue value) {
        SqlDataType type = declared(name).type();
        byName.put(key(name), new TypedValue(type, Conversions.convert(value, type)));
    }

    /** A literal's value, or a variable's (system variables included) with its type. */
    TypedValue evaluate(Expression expression) {
        if (expression instanceof Expression.Literal literal) {
            return literal.value();
        }
        Expression.Variable variable = (Expression.Variable) expression;
        if (variable.isSystem()) {
            return SystemVariables.value(variable.name(), session)
                    .orElseThrow(() -> SqlException.of(SqlErrors.undeclared(variable.name())));
        }
        return declared(variable.name());
    }

    /** The batch was checked before it ran ({@link DeclarationCheck}), so a missing variable is a bug here. */
    private TypedValue declared(String name) {
        TypedValue value = byName.get(key(name));
        if (value == null) {
            throw new IllegalStateException(name + " used before its DECLARE ran, though the batch was checked");
        }
        return value;
    }

    static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
