package aspstate.tds.sql;

import aspstate.tds.error.SqlException;
import aspstate.tds.sql.SqlToken.Kind;

/**
 * {@code IF @@TRANCOUNT > 0 COMMIT|ROLLBACK [TRAN|TRANSACTION]}, which mssql-jdbc sends for commit() and
 * rollback(). The server runs no transactions (every procedure call is atomic on its own), so @@TRANCOUNT is 0
 * and the statement does nothing.
 */
public record TransactionCheck(boolean commit) implements BatchStatement {
    static TransactionCheck parse(TokenCursor cursor) {
        cursor.expect("IF");
        SqlToken count = cursor.expect(Kind.VARIABLE, "@@TRANCOUNT");
        if (!count.text().equalsIgnoreCase("@@TRANCOUNT")) {
            throw SqlException.syntax(
                    count.text(),
                    count.position(),
                    "@@TRANCOUNT: this server runs only " + "IF @@TRANCOUNT > 0 COMMIT|ROLLBACK");
        }
        cursor.expect(">");
        SqlToken zero = cursor.expect(Kind.NUMBER, "0");
        if (!zero.text().equals("0")) {
            throw SqlException.syntax(zero.text(), zero.position(), "0");
        }
        boolean commit = cursor.accept("COMMIT");
        if (!commit && !cursor.accept("ROLLBACK")) {
            throw cursor.unexpected("COMMIT or ROLLBACK");
        }
        if (!cursor.accept("TRAN")) {
            cursor.accept("TRANSACTION");
        }
        return new TransactionCheck(commit);
    }
}
