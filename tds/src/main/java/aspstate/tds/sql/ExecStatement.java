package aspstate.tds.sql;

import aspstate.tds.sql.SqlToken.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * A procedure call in T-SQL, the form mssql-jdbc sends through sp_executesql:
 * {@code EXEC[UTE] [@ret =] [[db.]schema.]proc [[@param =] @var [OUT[PUT]], ...] [;]}.
 * Arguments are variables only: the drivers bind every value as a parameter.
 *
 * @param returnVariable the variable that receives the return status, or null
 * @param procedureName  the name as written, parts joined by dots, brackets removed
 */
public record ExecStatement(String returnVariable, String procedureName, List<Argument> arguments) {
    /**
     * One argument.
     *
     * @param parameter the procedure's parameter it names ({@code @param = @var}), or null when passed by position
     * @param variable  the variable holding the value
     * @param output    whether the procedure's output is assigned back to the variable
     */
    public record Argument(String parameter, String variable, boolean output) {
    }

    private static final int MAX_NAME_PARTS = 3;

    public static ExecStatement parse(String text) {
        TokenCursor cursor = new TokenCursor(text);
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
        if (!cursor.peek().is(Kind.END) && !cursor.peek().is(";")) {
            do {
                arguments.add(argument(cursor));
            } while (cursor.accept(","));
        }
        cursor.expectEnd();
        return new ExecStatement(returnVariable, name, List.copyOf(arguments));
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
        String variable = cursor.expect(Kind.VARIABLE, "a parameter variable such as @P1").text();
        boolean output = cursor.accept("OUT") || cursor.accept("OUTPUT");
        return new Argument(parameter, variable, output);
    }
}
