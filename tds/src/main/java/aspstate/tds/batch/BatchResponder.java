package aspstate.tds.batch;

import aspstate.tds.error.SqlError;
import aspstate.tds.error.SqlErrors;
import aspstate.tds.error.SqlException;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.session.TdsSession;
import aspstate.tds.sql.BatchParser;
import aspstate.tds.sql.BatchStatement;
import aspstate.tds.statement.RecognizedStatement;
import aspstate.tds.statement.StatementCatalog;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.ErrorToken;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Answers a SQL batch: a statement the server recognizes by its shape ({@link StatementCatalog}), else one in the
 * T-SQL subset session-state clients and drivers send (see {@link BatchParser}). As SQL Server compiles a batch
 * before it runs any of it, a batch with a syntax error (102) or a variable error (137, 134, 2715) runs nothing and
 * gets that one error.
 */
public final class BatchResponder {
    private BatchResponder() {}

    /**
     * Appends the batch's answer to {@code out}; the stage completes when it is all written (procedures answer
     * asynchronously). Must be called on the connection's event loop.
     */
    public static CompletionStage<Void> respond(
            String text, TdsSession session, ProcedureCatalog catalog, StatementCatalog shapes, ByteBuf out) {
        TdsVersion version = session.login().version();
        Optional<RecognizedStatement> recognized = shapes.recognize(text);
        if (recognized.isPresent()) {
            return RecognizedBatch.run(recognized.get(), version, out);
        }
        List<BatchStatement> statements;
        try {
            statements = BatchParser.parse(text);
            DeclarationCheck.check(statements, session);
        } catch (SqlException refused) {
            refuse(out, version, refused.error());
            return CompletableFuture.completedFuture(null);
        }
        if (statements.isEmpty()) {
            DoneToken.write(out, version, DoneToken.DONE, DoneToken.FINAL, 0, 0);
            return CompletableFuture.completedFuture(null);
        }
        return new BatchRun(statements, session, catalog, out).run();
    }

    private static void refuse(ByteBuf out, TdsVersion version, SqlError error) {
        if (error.number() == SqlErrors.INCORRECT_SYNTAX) {
            error = new SqlError(
                    error.number(),
                    error.state(),
                    error.severity(),
                    error.message() + " This server runs only the T-SQL that session-state clients send.");
        }
        ErrorToken.write(out, version, error);
        DoneToken.write(out, version, DoneToken.DONE, DoneToken.ERROR, 0, 0);
    }
}
