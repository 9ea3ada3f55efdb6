package aspstate.tds.batch;

import aspstate.tds.wire.TdsVersion;
import aspstate.tds.session.TdsSession;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.sql.BatchParser;
import aspstate.tds.sql.BatchStatement;
import aspstate.tds.sql.SqlErrorException;
import aspstate.tds.sql.SqlSyntaxException;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.ErrorToken;
import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Answers a SQL batch in the T-SQL subset session-state clients and drivers send (see {@link BatchParser}). As
 * SQL Server compiles a batch before it runs any of it, a batch with a syntax error (102) or a variable error
 * (137, 134, 2715) runs nothing and gets that one error.
 */
public final class BatchResponder {
    private BatchResponder() {
    }

    /**
     * Appends the batch's answer to {@code out}; the stage completes when it is all written (procedures answer
     * asynchronously). Must be called on the connection's event loop.
     */
    public static CompletionStage<Void> respond(String text, TdsSession session, ProcedureCatalog catalog,
                                                ByteBuf out) {
        TdsVersion version = session.login().version();
        List<BatchStatement> statements;
        try {
            statements = BatchParser.parse(text);
            DeclarationCheck.check(statements, session);
        } catch (SqlSyntaxException syntax) {
            refuse(out, version, ErrorToken.INCORRECT_SYNTAX, syntax.getMessage()
                    + " This server runs only the T-SQL that session-state clients send.");
            return CompletableFuture.completedFuture(null);
        } catch (SqlErrorException error) {
            refuse(out, version, error.number(), error.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        if (statements.isEmpty()) {
            DoneToken.write(out, version, DoneToken.DONE, DoneToken.FINAL, 0, 0);
            return CompletableFuture.completedFuture(null);
        }
        return new BatchRun(statements, session, catalog, out).run();
    }

    private static void refuse(ByteBuf out, TdsVersion version, int number, String message) {
        ErrorToken.write(out, version, number, 1, ErrorToken.USER_ERROR_SEVERITY, message);
        DoneToken.write(out, version, DoneToken.DONE, DoneToken.ERROR, 0, 0);
    }
}
