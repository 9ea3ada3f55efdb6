package aspstate.tds.sql;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * A procedure call in T-SQL: {@code EXEC[UTE] [@ret =] [[db.]schema.]proc [[@param =] value [OUT[PUT]], ...]}.
 * mssql-jdbc sends it through sp_executesql with variables only (it binds every value as a parameter); in a SQL
 * batch (FreeTDS tsql) the values may be literals too.
 *
 * @param returnVariable the variable that receives the return status, or null
 * @param procedureName  the name as written, parts joined by dots, brackets removed
 */
public record ExecStatement(String returnVariable, String procedureName, List<Argument> arguments)
        implements BatchStatement {
    /**
     * One argument.
     *
     * @param parameter the procedure's parameter it names ({@code @param = value}), or null when passed by position
     * @param value     a literal, or the variable holding the value
     * @param output    whether the procedure's output is assigned back to the variable
     */
    public record Argument(String parameter, Expression value, boolean output) {
        /** The variable passed, or null for a literal. */
        public String variable() {
            return value instanceof Expression.Variable variable ? variable.name() : null;
        }
    }

    private static final int MAX_NAME_PARTS = 3;

    /** The text of sp_executesql or sp_prepexec: one EXEC and nothing else. */
    public static ExecStatement parse(String text) {
        TokenCursor cursor = new TokenCursor(text);
        ExecStatement statement = parse(cursor);
        cursor.expectEnd();
        return statement;
    }

    /** An EXEC inside a batch: the arguments end where no comma follows. */
    static ExecStatement parse(TokenCursor cursor) {
        if (!cursor.accept("EXEC") && !cursor.accept("EXECUTE")) {
            throw cursor.unexpected("EXEC");
        }
        String returnVariable = null;
        if (cursor.peek().is(Kind.VARIABLE)) {
            returnVariable = cursor.next().text();
            cursor.expect("=");
        }
        String name = procedureName(cursor);
        List<Argument> arguments = new ArrayList<>();
        SqlToken next = cursor.peek();
        if (!next.is(Kind.END) && !next.is(";") && !BatchParser.startsStatement(next)) {
            do {
                arguments.add(argument(cursor));
            } while (cursor.accept(","));
        }
        return new ExecStatement(returnVariable, name, List.copyOf(arguments));
    }

    /**
     * T-SQL takes a name as a string value in EXEC, which is how mssql-jdbc passes names to sp_sproc_columns
     * ({@code @procedure_owner=dbo}, or {@code [dbo]} when bracketed).
     */
    private static boolean bareName(TokenCursor cursor) {
        SqlToken next = cursor.peek();
        return (next.is(Kind.WORD) && !next.is("NULL") && !BatchParser.startsStatement(next))
                || next.is(Kind.QUOTED_NAME);
    }

    private static String procedureName(TokenCursor cursor) {
        StringBuilder name = new StringBuilder(namePart(cursor));
        for (int parts = 1; parts < MAX_NAME_PARTS && cursor.accept("."); parts++) {
            name.append('.').append(namePart(cursor));
        }
        return name.toString();
    }

    private static String namePart(TokenCursor cursor) {
        if (cursor.peek().is(Kind.WORD) || cursor.peek().is(Kind.QUOTED_NAME)) {
            return cursor.next().text();
        }
        throw cursor.unexpected("a procedure name");
    }

    private static Argument argument(TokenCursor cursor) {
        String parameter = null;
        if (cursor.peek().is(Kind.VARIABLE) && cursor.peekSecond().is("=")) {
            parameter = cursor.next().text();
            cursor.next();
        }
        Expression value = bareName(cursor)
                ? new Expression.Literal(TypedValue.string(cursor.next().text(), true))
                : Expression.parse(cursor);
        boolean output = cursor.accept("OUT") || cursor.accept("OUTPUT");
        if (output && !(value instanceof Expression.Variable variable && !variable.isSystem())) {
            throw SqlException.userError(
                    SqlErrors.OUTPUT_OF_CONSTANT,
                    "Cannot use the OUTPUT option when passing a constant to a stored procedure.");
        }
        return new Argument(parameter, value, output);
    }
}
