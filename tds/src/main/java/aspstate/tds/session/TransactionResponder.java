package aspstate.tds.session;

import aspstate.tds.error.SqlError;
import aspstate.tds.request.TransactionManagerRequest;
import aspstate.tds.token.DoneToken;
import aspstate.tds.token.EnvChangeToken;
import aspstate.tds.token.ErrorToken;
import aspstate.tds.wire.ServerIdentity;
import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;

/**
 * Answers transaction manager requests as SQL Server does (an ENVCHANGE with the transaction's descriptor, then
 * DONE), so that clients that wrap their setup in a transaction (SqlClient's BeginTransaction, as the async session
 * provider and {@code dotnet sql-cache create} do) work. The server runs no transactions: every statement and
 * procedure call is atomic and takes effect when it runs, so a commit has nothing left to do and a rollback undoes
 * nothing, as the {@code IF @@TRANCOUNT > 0 ROLLBACK} that mssql-jdbc sends already does here. Distributed
 * transactions are refused with SQL Server's error for a server without MSDTC.
 */
public final class TransactionResponder {
    /** "MSDTC on server '%.*ls' is unavailable." */
    static final int NO_DISTRIBUTED_TRANSACTIONS = 8501;

    private TransactionResponder() {}

    public static void respond(TransactionManagerRequest request, TdsSession session, ByteBuf out) {
        TdsVersion version = session.login().version();
        switch (request.type()) {
            case TransactionManagerRequest.BEGIN -> EnvChangeToken.beginTransaction(out, session.beginTransaction());
            case TransactionManagerRequest.COMMIT, TransactionManagerRequest.ROLLBACK -> {
                long ended = session.endTransaction();
                if (ended != TdsSession.NO_TRANSACTION) {
                    if (request.type() == TransactionManagerRequest.COMMIT) {
                        EnvChangeToken.commitTransaction(out, ended);
                    } else {
                        EnvChangeToken.rollbackTransaction(out, ended);
                    }
                }
                if (request.beginsAnotherTransaction()) {
                    EnvChangeToken.beginTransaction(out, session.beginTransaction());
                }
            }
            case TransactionManagerRequest.SAVE -> {
                // A savepoint marks nothing: there is nothing a rollback could go back to.
            }
            default -> {
                ErrorToken.write(
                        out,
                        version,
                        new SqlError(
                                NO_DISTRIBUTED_TRANSACTIONS,
                                1,
                                16,
                                "MSDTC on server '" + ServerIdentity.SERVER_NAME + "' is unavailable: this "
                                        + "server runs no distributed transactions."));
                DoneToken.write(out, version, DoneToken.DONE, DoneToken.ERROR, 0, 0);
                return;
            }
        }
        DoneToken.write(out, version, DoneToken.DONE, DoneToken.FINAL, 0, 0);
    }
}
