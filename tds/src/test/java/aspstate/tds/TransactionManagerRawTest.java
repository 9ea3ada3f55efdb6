package aspstate.tds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import aspstate.tds.ReplyTokens.Token;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Transaction manager requests as SqlClient's BeginTransaction, Commit and Rollback send them: each answered with the
 * ENVCHANGE SQL Server sends (the transaction descriptor going and coming back) and DONE; the connection serves on.
 */
@Timeout(30)
class TransactionManagerRawTest {
    private static final int BEGIN = 5;
    private static final int PROMOTE = 6;
    private static final int COMMIT = 7;
    private static final int ROLLBACK = 8;
    private static final int READ_COMMITTED = 2;
    private static final byte[] NO_NAME_NO_FLAGS = {0, 0};

    private final TestServer server = new TestServer();
    private final RawTdsConnection connection = RawTdsConnection.loggedIn(server.address(), "");

    @AfterEach
    void close() {
        connection.close();
        server.close();
    }

    private List<Token> request(int type, byte[] payload) {
        connection.send(ClientMessages.singlePacket(
                ClientMessages.TRANSACTION_MANAGER, ClientMessages.transactionManager(type, payload)));
        return ReplyTokens.read(connection.readMessage());
    }

    @Test
    void beginGivesADescriptorThatCommitAndRollbackGiveBack() {
        List<Token> begun = request(BEGIN, new byte[] {READ_COMMITTED, 0});
        List<Token> committed = request(COMMIT, NO_NAME_NO_FLAGS);
        List<Token> begunAgain = request(BEGIN, new byte[] {READ_COMMITTED, 0});
        List<Token> rolledBack = request(ROLLBACK, NO_NAME_NO_FLAGS);
        List<Token> nothingOpen = request(ROLLBACK, NO_NAME_NO_FLAGS);

        assertThat(begun).extracting(Token::type, Token::status).containsExactly(tuple(0xE3, 8), tuple(0xFD, 0));
        String descriptor = begun.get(0).name();
        assertThat(descriptor).hasSize(16).isNotEqualTo("0000000000000000");
        assertThat(committed.get(0).status()).isEqualTo(9);
        assertThat(committed.get(0).name()).isEmpty();
        assertThat(committed.get(0).value()).isEqualTo(descriptor);
        assertThat(begunAgain.get(0).name()).isNotEqualTo(descriptor);
        assertThat(rolledBack.get(0).status()).isEqualTo(10);
        assertThat(rolledBack.get(0).value()).isEqualTo(begunAgain.get(0).name());
        assertThat(nothingOpen).extracting(Token::type).containsExactly(0xFD);
    }

    @Test
    void aCommitThatBeginsTheNextTransactionAnswersBoth() {
        request(BEGIN, new byte[] {READ_COMMITTED, 0});

        List<Token> chained = request(COMMIT, new byte[] {0, 1, READ_COMMITTED, 0});

        assertThat(chained).extracting(Token::status).startsWith(9, 8);
    }

    @Test
    void aDistributedTransactionIsRefusedAndTheConnectionServesOn() {
        List<Token> refused = request(PROMOTE, new byte[0]);
        connection.send(ClientMessages.singlePacket(ClientMessages.SQL_BATCH, ClientMessages.sqlBatch("SELECT 1")));
        List<Token> selected = ReplyTokens.read(connection.readMessage());

        assertThat(refused.get(0).type()).isEqualTo(0xAA);
        assertThat(refused.get(0).number()).isEqualTo(8501);
        assertThat(selected).extracting(Token::type).contains(0xD1);
    }

    @Test
    void aRequestCutShortBreaksTheProtocol() {
        connection.send(ClientMessages.singlePacket(
                ClientMessages.TRANSACTION_MANAGER, ClientMessages.transactionManager(COMMIT, new byte[] {5})));

        assertThat(connection.bytesUntilClosed()).isZero();
    }
}
