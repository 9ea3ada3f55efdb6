package aspstate.tds;

import static aspstate.tds.ClientMessages.RPC;
import static aspstate.tds.ClientMessages.SQL_BATCH;
import static aspstate.tds.ClientMessages.callById;
import static aspstate.tds.ClientMessages.integer;
import static aspstate.tds.ClientMessages.prepareAndExecuteEcho;
import static aspstate.tds.ClientMessages.resettingPacket;
import static aspstate.tds.ClientMessages.rpcMessage;
import static aspstate.tds.ClientMessages.singlePacket;
import static aspstate.tds.ClientMessages.sqlBatch;
import static org.assertj.core.api.Assertions.assertThat;

import aspstate.tds.ReplyTokens.Token;
import com.microsoft.sqlserver.jdbc.SQLServerConnectionPoolDataSource;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import javax.sql.PooledConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The RESETCONNECTION status bit, which drivers set on the first request after taking a connection from their pool:
 * the session goes back to what the login made it before the request runs.
 */
@Timeout(60)
class ConnectionResetTest {
    private static final int ENVCHANGE = 0xE3;
    private static final int RESET_ACKNOWLEDGEMENT = 18;
    private static final int DATABASE = 1;
    private static final int INFO = 0xAB;
    private static final int ERROR = 0xAA;
    private static final int DONE = 0xFD;
    private static final int DONEPROC = 0xFE;

    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void resetBatchRunsInTheLoginDatabaseAfterTheAcknowledgement() {
        try (RawTdsConnection connection = RawTdsConnection.loggedIn(server.address(), "ASPState")) {
            connection.send(singlePacket(SQL_BATCH, sqlBatch("USE tempdb")));
            assertThat(databaseChange(ReplyTokens.read(connection.readMessage())))
                    .containsExactly("tempdb", "ASPState");

            connection.send(resettingPacket(SQL_BATCH, sqlBatch("USE master")));
            List<Token> reply = ReplyTokens.read(connection.readMessage());
            assertThat(ReplyTokens.types(reply)).containsExactly(ENVCHANGE, ENVCHANGE, INFO, DONE);
            assertThat(reply.get(0))
                    .extracting(Token::status, Token::name, Token::value)
                    .containsExactly(RESET_ACKNOWLEDGEMENT, "", "");
            // The old database is the login's, not tempdb: the reset came first.
            assertThat(databaseChange(reply)).containsExactly("master", "ASPState");

            connection.send(singlePacket(SQL_BATCH, sqlBatch("SELECT 1")));
            assertThat(connection.readMessage()[0] & 0xFF).isEqualTo(0x81); // COLMETADATA
        }
    }

    @Test
    void resetDropsPreparedStatements() {
        try (RawTdsConnection connection = RawTdsConnection.loggedIn(server.address(), "ASPState")) {
            connection.send(singlePacket(RPC, rpcMessage(prepareAndExecuteEcho())));
            List<Token> prepared = ReplyTokens.read(connection.readMessage());
            int handle = (Integer) prepared.get(1).value();

            connection.send(resettingPacket(RPC, rpcMessage(callById(12, integer("", false, handle)))));
            List<Token> reply = ReplyTokens.read(connection.readMessage());
            assertThat(ReplyTokens.types(reply)).containsExactly(ENVCHANGE, ERROR, DONEPROC);
            assertThat(reply.get(0).status()).isEqualTo(RESET_ACKNOWLEDGEMENT);
            assertThat(reply.get(1).number()).isEqualTo(8179); // could not find prepared statement
        }
    }

    /** mssql-jdbc sets the bit when a pooled connection hands out a new logical connection. */
    @Test
    void mssqlJdbcPooledConnectionIsResetOnReuseAndKeepsServing() throws SQLException {
        SQLServerConnectionPoolDataSource pool = new SQLServerConnectionPoolDataSource();
        pool.setURL("jdbc:sqlserver://127.0.0.1:" + server.address().getPort()
                + ";encrypt=false;user=sa;password=x;loginTimeout=10;databaseName=ASPState");
        PooledConnection physical = pool.getPooledConnection();
        try {
            try (Connection first = physical.getConnection();
                    Statement statement = first.createStatement()) {
                statement.execute("USE tempdb");
                assertThat(first.getCatalog()).isEqualTo("tempdb");
            }
            try (Connection second = physical.getConnection();
                    CallableStatement call = second.prepareCall("{call dbo.TestEcho(?, ?, ?, ?)}")) {
                call.setString(1, "reused");
                call.setBytes(2, new byte[] {1});
                call.setBoolean(3, true);
                call.registerOutParameter(3, Types.BIT);
                call.setInt(4, 1);
                call.registerOutParameter(4, Types.INTEGER);
                call.execute(); // the first request on the reused connection, carrying the reset bit
                assertThat(call.getInt(4)).isEqualTo(2);
                assertThat(second.getCatalog()).isEqualTo("ASPState");
                assertThat(second.isValid(5)).isTrue();
            }
        } finally {
            physical.close();
        }
    }

    /** New and old database of the reply's database ENVCHANGE. */
    private static List<String> databaseChange(List<Token> reply) {
        Token change = reply.stream()
                .filter(token -> token.type() == ENVCHANGE && token.status() == DATABASE)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no database ENVCHANGE in " + reply));
        return List.of(change.name(), (String) change.value());
    }
}
