package aspstate.tds;

import static aspstate.tds.ClientMessages.LOGIN7;
import static aspstate.tds.ClientMessages.PRELOGIN;
import static aspstate.tds.ClientMessages.SQL_BATCH;
import static aspstate.tds.ClientMessages.TDS_7_1;
import static aspstate.tds.ClientMessages.TDS_7_4;
import static aspstate.tds.ClientMessages.login7;
import static aspstate.tds.ClientMessages.prelogin;
import static aspstate.tds.ClientMessages.singlePacket;
import static aspstate.tds.ClientMessages.sqlBatch;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client speaks the TDS version LOGINACK acknowledges, whatever it asked for: FreeTDS asking for 7.1
 * (TDSVER=7.1) and told 7.4 sends its requests with ALL_HEADERS, as 7.4 has them, and reads 7.4 replies.
 */
@Timeout(60)
class LoginVersionTest {
    private static final int ENCRYPT_OFF = 0x00;
    private static final int LOGINACK = 0xAD;
    private static final int ERROR = 0xAA;
    private static final int DONE = 0xFD;

    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aClientAskingForTds71IsAcknowledgedIn74AndItsBatchesAreReadAfterAllHeaders() {
        assertBatchAfterLoginSucceeds(TDS_7_1);
    }

    @Test
    void aClientAskingForTds74IsAcknowledgedIn74AndItsBatchesAreReadAfterAllHeaders() {
        assertBatchAfterLoginSucceeds(TDS_7_4);
    }

    private void assertBatchAfterLoginSucceeds(int askedTdsVersion) {
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(singlePacket(PRELOGIN, prelogin(ENCRYPT_OFF)));
            connection.readMessage();
            connection.send(singlePacket(LOGIN7, login7(askedTdsVersion, "sa", "x", "", 4096)));
            List<ReplyTokens.Token> login = ReplyTokens.read(connection.readMessage());
            assertThat(login).filteredOn(token -> token.type() == LOGINACK).singleElement()
                    .extracting(ReplyTokens.Token::number).isEqualTo((long) TDS_7_4);

            connection.send(singlePacket(SQL_BATCH, sqlBatch("USE ASPState")));

            List<ReplyTokens.Token> reply = ReplyTokens.read(connection.readMessage());
            assertThat(ReplyTokens.types(reply)).doesNotContain(ERROR).endsWith(DONE);
            assertThat(reply.get(reply.size() - 1).status()).as("DONE status").isZero();
        }
    }
}
