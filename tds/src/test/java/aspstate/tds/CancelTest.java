package aspstate.tds;

import static aspstate.tds.ClientMessages.ATTENTION;
import static aspstate.tds.ClientMessages.RPC;
import static aspstate.tds.ClientMessages.call;
import static aspstate.tds.ClientMessages.integer;
import static aspstate.tds.ClientMessages.rpcMessage;
import static aspstate.tds.ClientMessages.singlePacket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import aspstate.tds.ReplyTokens.Token;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * ATTENTION, the client's cancel ([MS-TDS] 3.3.5.9). A started procedure is not aborted: its reply goes out when it
 * completes, then a DONE with DONE_ATTN in a message of its own, which the client reads to know the cancel is over.
 */
@Timeout(60)
class CancelTest {
    private static final int RETURNSTATUS = 0x79;
    private static final int RETURNVALUE = 0xAC;
    private static final int DONE = 0xFD;
    private static final int DONEPROC = 0xFE;
    private static final int DONE_ATTN = 0x20;

    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void mssqlJdbcCancelDuringACallReportsTheCancelAndTheConnectionServesTheNextCall() throws Exception {
        try (Connection connection = server.connect();
                CallableStatement held = connection.prepareCall("{call dbo.TestHeld(?)}")) {
            held.setInt(1, 1);
            held.registerOutParameter(1, Types.INTEGER);
            CompletableFuture<Boolean> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return held.execute();
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            CompletableFuture<Void> release = server.procedures.nextHeldCall();
            held.cancel();
            release.complete(null);

            // mssql-jdbc reads the procedure's reply and the acknowledgement; execute() has no result set to
            // report, and the cancel surfaces when the output is read (its checks come after each result or output).
            assertThat(running.get(10, TimeUnit.SECONDS)).isFalse();
            assertThatThrownBy(() -> held.getInt(1))
                    .isInstanceOf(SQLException.class)
                    .hasMessage("The query was canceled.")
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("HY008"));

            try (CallableStatement echo = connection.prepareCall("{call dbo.TestEcho(?, ?, ?, ?)}")) {
                echo.setString(1, "after-cancel");
                echo.setBytes(2, new byte[0]);
                echo.setBoolean(3, false);
                echo.registerOutParameter(3, Types.BIT);
                echo.setInt(4, 41);
                echo.registerOutParameter(4, Types.INTEGER);
                echo.execute();
                assertThat(echo.getBoolean(3)).isTrue();
                assertThat(echo.getInt(4)).isEqualTo(42);
            }
        }
    }

    @Test
    void attentionDuringACallIsAcknowledgedAfterTheCallsReply() throws InterruptedException {
        try (RawTdsConnection connection = RawTdsConnection.loggedIn(server.address(), "ASPState")) {
            connection.send(singlePacket(RPC, rpcMessage(call("dbo.TestHeld", integer("@n", true, 1)))));
            CompletableFuture<Void> release = server.procedures.nextHeldCall();
            connection.send(singlePacket(ATTENTION, new byte[0]));
            release.complete(null);

            List<Token> reply = ReplyTokens.read(connection.readMessage());
            assertThat(ReplyTokens.types(reply)).containsExactly(RETURNSTATUS, RETURNVALUE, DONEPROC);
            assertThat(reply.get(1).value()).isEqualTo(2);
            List<Token> acknowledgement = ReplyTokens.read(connection.readMessage());
            assertThat(acknowledgement).extracting(Token::type, Token::status).containsExactly(tuple(DONE, DONE_ATTN));
        }
    }
}
