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

import java.nio.ByteBuffer;
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
            assertThat(loginAckTdsVersion(connection.readMessage())).isEqualTo(TDS_7_4);

            connection.send(singlePacket(SQL_BATCH, sqlBatch("SET NOCOUNT ON")));

            List<ReplyTokens.Token> reply = ReplyTokens.read(connection.readMessage());
            assertThat(ReplyTokens.types(reply)).doesNotContain(ERROR).endsWith(DONE);
            assertThat(reply.get(reply.size() - 1).status()).as("DONE status").isZero();
        }
    }

    /**
     * The version in the login reply's LOGINACK: token 0xAD, 2-byte length, interface 1 (T-SQL), the version
     * big-endian, then the program name as a B_VARCHAR ("Microsoft SQL Server", 20 characters).
     */
    private static int loginAckTdsVersion(byte[] reply) {
        for (int i = 0; i + 9 <= reply.length; i++) {
            if ((reply[i] & 0xFF) == LOGINACK && reply[i + 3] == 1 && reply[i + 8] == 20) {
                return ByteBuffer.wrap(reply, i + 4, 4).getInt();
            }
        }
        throw new AssertionError("no LOGINACK in the login reply");
    }
}
