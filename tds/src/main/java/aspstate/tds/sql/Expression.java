package aspstate.tds.sql;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlToken.Kind;
import java.math.BigInteger;

/** A value in T-SQL text: a literal or a variable. The subset has no operators or functions. */
public sealed interface Expression permits Expression.Literal, Expression.Variable {
    /** A constant: a number, 'text', N'text', 0x bytes or NULL. */
    record Literal(TypedValue value) implements Expression {}

    /**
     * A variable by name with its '@'; {@code @@VERSION} and the like are system variables.
     *
     * @param position 1-based character position, for errors
     */
    record Variable(String name, int position) implements Expression {
        public boolean isSystem() {
            return name.startsWith("@@");
        }
    }

    static Expression parse(TokenCursor cursor) {
        SqlToken token = cursor.peek();
        switch (token.kind()) {
            case VARIABLE -> {
                cursor.next();
                return new Variable(token.text(), token.position());
            }
            case STRING, UNICODE_STRING -> {
                cursor.next();
                return new Literal(TypedValue.string(token.text(), token.is(Kind.UNICODE_STRING)));
            }
            case BINARY -> {
                cursor.next();
                return new Literal(TypedValue.binary(token.text()));
            }
            case NUMBER -> {
                cursor.next();
                return new Literal(number(token, token.text()));
            }
            default -> {
                if (token.is("-") && cursor.peekSecond().is(Kind.NUMBER)) {
                    cursor.next();
                    return new Literal(number(token, "-" + cursor.next().text()));
                }
                if (token.is("NULL")) {
                    cursor.next();
                    return new Literal(new TypedValue(SqlDataType.INT, null));
                }
                throw cursor.unexpected("a value: a variable, a number, 'text', N'text', 0x bytes or NULL");
            }
        }
    }

    /** An integer literal is int when it fits, else bigint; beyond bigint it is not in the subset. */
    private static TypedValue number(SqlToken token, String digits) {
        BigInteger number = new BigInteger(digits);
        if (number.bitLength() < Integer.SIZE) {
            return new TypedValue(SqlDataType.INT, number.intValue());
        }
        if (number.bitLength() < Long.SIZE) {
            return new TypedValue(SqlDataType.BIGINT, number.longValue());
        }
        throw SqlException.userError(
                SqlErrors.ARITHMETIC_OVERFLOW,
                "Arithmetic overflow error converting expression to data type bigint: " + token.shown() + ".");
    }
}
