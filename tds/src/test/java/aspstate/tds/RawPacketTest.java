package aspstate.tds;

import static aspstate.tds.ClientMessages.ATTENTION;
import static aspstate.tds.ClientMessages.LOGIN7;
import static aspstate.tds.ClientMessages.PRELOGIN;
import static aspstate.tds.ClientMessages.RPC;
import static aspstate.tds.ClientMessages.SQL_BATCH;
import static aspstate.tds.ClientMessages.concat;
import static aspstate.tds.ClientMessages.login7;
import static aspstate.tds.ClientMessages.packet;
import static aspstate.tds.ClientMessages.prelogin;
import static aspstate.tds.ClientMessages.rpc;
import static aspstate.tds.ClientMessages.singlePacket;
import static aspstate.tds.ClientMessages.sqlBatch;
import static org.assertj.core.api.Assertions.assertThat;

import aspstate.tds.login.LoginRequest;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Requests cut and joined in ways real networks and clients do, sent over a plain socket. */
@Timeout(60)
class RawPacketTest {
    private static final int ENCRYPT_OFF = 0x00;
    private static final int ENCRYPT_ON = 0x01;
    private static final int ENCRYPT_NOT_SUP = 0x02;
    private static final int ENCRYPT_REQ = 0x03;

    private final TestServer server =
            new TestServer(TdsSettings.defaults().withPort(0).withMaxMessageBytes(8192));

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void preloginSplitAcrossTwoTcpWrites() throws InterruptedException {
        byte[] request = singlePacket(PRELOGIN, prelogin(ENCRYPT_OFF));
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            // Cut inside the header, so the server sees neither a whole header nor a whole packet at first.
            connection.send(Arrays.copyOfRange(request, 0, 5));
            Thread.sleep(50);
            connection.send(Arrays.copyOfRange(request, 5, request.length));
            assertPreloginReply(connection.readMessage());
        }
    }

    @Test
    void preloginSplitAcrossTwoTdsPackets() throws InterruptedException {
        byte[] payload = prelogin(ENCRYPT_OFF);
        int half = payload.length / 2;
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(packet(PRELOGIN, false, 1, Arrays.copyOfRange(payload, 0, half)));
            Thread.sleep(50);
            connection.send(packet(PRELOGIN, true, 2, Arrays.copyOfRange(payload, half, payload.length)));
            assertPreloginReply(connection.readMessage());
        }
    }

    @Test
    void preloginLoginAndBatchPipelinedInOneWrite() {
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(concat(
                    singlePacket(PRELOGIN, prelogin(ENCRYPT_OFF)),
                    singlePacket(LOGIN7, login7("sa", "x", "", 4096)),
                    singlePacket(SQL_BATCH, sqlBatch("SELECT 1"))));
            assertPreloginReply(connection.readMessage());
            byte[] login = connection.readMessage();
            assertThat(login).contains(0xAD); // LOGINACK
            assertEndsWithDone(login, 0x0000, 0);
            byte[] rows = connection.readMessage();
            assertThat(rows[0] & 0xFF).isEqualTo(0x81); // COLMETADATA
            assertEndsWithDone(rows, 0x0010, 1);
        }
    }

    @Test
    void repliesCarryAUserSpid() {
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(singlePacket(PRELOGIN, prelogin(ENCRYPT_OFF)));
            connection.readMessage();
            assertThat(connection.spid).isBetween(51, 32767);
        }
    }

    @Test
    void clientDemandingEncryptionIsAnsweredNotSupportedThenClosed() {
        for (int demand : new int[] {ENCRYPT_ON, ENCRYPT_REQ}) {
            try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
                connection.send(singlePacket(PRELOGIN, prelogin(demand)));
                assertPreloginReply(connection.readMessage());
                assertThat(connection.bytesUntilClosed()).isZero();
            }
        }
    }

    @Test
    void messageLargerThanTheLimitClosesTheConnection() {
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(singlePacket(PRELOGIN, prelogin(ENCRYPT_OFF)));
            connection.readMessage();
            connection.send(packet(LOGIN7, false, 1, new byte[5000]));
            connection.send(packet(LOGIN7, true, 2, new byte[5000]));
            assertThat(connection.bytesUntilClosed()).isZero();
        }
    }

    /** Empty packets without EOM close the connection: kept as buffer components, they would grow the heap forever. */
    @Test
    void aStreamOfEmptyPacketsWithoutEndOfMessageClosesTheConnection() {
        byte[] empty = packet(PRELOGIN, false, 1, new byte[0]);
        byte[] many = new byte[empty.length * 2_000];
        for (int i = 0; i < 2_000; i++) {
            System.arraycopy(empty, 0, many, i * empty.length, empty.length);
        }
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(many);
            assertThat(connection.bytesUntilClosed()).isZero();
        }
    }

    @Test
    void preloginWithoutTerminatorClosesTheConnection() {
        byte[] payload = prelogin(ENCRYPT_OFF);
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(singlePacket(PRELOGIN, Arrays.copyOf(payload, 10)));
            assertThat(connection.bytesUntilClosed()).isZero();
        }
    }

    @Test
    void login7WithAStringPastItsEndClosesTheConnection() {
        byte[] payload = login7("sa", "x", "", 4096);
        payload[40] = (byte) 0xF0; // ibUserName far beyond the message
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(singlePacket(PRELOGIN, prelogin(ENCRYPT_OFF)));
            connection.readMessage();
            connection.send(singlePacket(LOGIN7, payload));
            assertThat(connection.bytesUntilClosed()).isZero();
        }
    }

    @Test
    void requestBeforeLoginClosesTheConnection() {
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(singlePacket(SQL_BATCH, sqlBatch("SELECT 1")));
            assertThat(connection.bytesUntilClosed()).isZero();
        }
    }

    @Test
    void passwordIsDecodedFromTheLogin7Obfuscation() throws InterruptedException {
        String password = "Pa55 wörd-€\uD83D\uDD11";
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(singlePacket(PRELOGIN, prelogin(ENCRYPT_OFF)));
            connection.readMessage();
            connection.send(singlePacket(LOGIN7, login7("session_user", password, "ASPState", 8192)));
            assertEndsWithDone(connection.readMessage(), 0x0000, 0);
        }
        LoginRequest login = server.nextLogin();
        assertThat(login.userName()).isEqualTo("session_user");
        assertThat(login.password()).isEqualTo(password);
        assertThat(login.database()).isEqualTo("ASPState");
        assertThat(login.hostName()).isEqualTo("testhost");
        assertThat(login.appName()).isEqualTo("raw-test");
        assertThat(login.libraryName()).isEqualTo("raw-socket");
        assertThat(login.packetSize()).isEqualTo(8192);
    }

    @Test
    void packetSizeIsNegotiatedWithinTheBoundsAndUsedAfterLogin() {
        try (RawTdsConnection connection = new RawTdsConnection(server.address())) {
            connection.send(singlePacket(PRELOGIN, prelogin(ENCRYPT_OFF)));
            connection.readMessage();
            connection.send(singlePacket(LOGIN7, login7("sa", "x", "", 60000)));
            byte[] login = connection.readMessage();
            // ENVCHANGE packet size (type 4): new "32767", old "4096", as B_VARCHAR strings.
            byte[] packetSizeChange = concat(
                    new byte[] {4, 5}, ClientMessages.utf16("32767"), new byte[] {4}, ClientMessages.utf16("4096"));
            assertThat(indexOf(login, packetSizeChange)).isPositive();
        }
    }

    @Test
    void attentionIsAcknowledged() {
        try (RawTdsConnection connection = loggedIn()) {
            connection.send(singlePacket(ATTENTION, new byte[0]));
            assertEndsWithDone(connection.readMessage(), 0x0020, 0);
            connection.send(singlePacket(SQL_BATCH, sqlBatch("SELECT 1")));
            assertEndsWithDone(connection.readMessage(), 0x0010, 1);
        }
    }

    @Test
    void procedureCalledByNameIsNamedInTheError() {
        try (RawTdsConnection connection = loggedIn()) {
            connection.send(singlePacket(RPC, rpc("dbo.TempGetStateItem3")));
            byte[] reply = connection.readMessage();
            assertThat(reply[0] & 0xFF).isEqualTo(0xAA); // ERROR
            assertThat(indexOf(reply, ClientMessages.utf16("Could not find stored procedure 'dbo.TempGetStateItem3'.")))
                    .isPositive();
            assertEndsWithDone(reply, 0xFE, 0x0002, 0); // DONEPROC with DONE_ERROR
        }
    }

    private RawTdsConnection loggedIn() {
        return RawTdsConnection.loggedIn(server.address(), "");
    }

    private static void assertPreloginReply(byte[] reply) {
        assertThat(option(reply, 0x00)[0]).isEqualTo((byte) 16); // VERSION major
        assertThat(option(reply, 0x01)).containsExactly(ENCRYPT_NOT_SUP);
        assertThat(option(reply, 0x02)).containsExactly(0);
        assertThat(option(reply, 0x04)).containsExactly(0); // MARS off
    }

    /** The data of a PRELOGIN option: entries of (token, big-endian offset, big-endian length), 0xFF ends. */
    private static byte[] option(byte[] prelogin, int token) {
        for (int entry = 0; (prelogin[entry] & 0xFF) != 0xFF; entry += 5) {
            if (prelogin[entry] == token) {
                int offset = (prelogin[entry + 1] & 0xFF) << 8 | prelogin[entry + 2] & 0xFF;
                int length = (prelogin[entry + 3] & 0xFF) << 8 | prelogin[entry + 4] & 0xFF;
                return Arrays.copyOfRange(prelogin, offset, offset + length);
            }
        }
        throw new AssertionError("no PRELOGIN option " + token);
    }

    private static void assertEndsWithDone(byte[] reply, int status, long rowCount) {
        assertEndsWithDone(reply, 0xFD, status, rowCount);
    }

    /** DONE* is the last 13 bytes: token, status, command, 8-byte row count, all little-endian. */
    private static void assertEndsWithDone(byte[] reply, int token, int status, long rowCount) {
        int done = reply.length - 13;
        assertThat(reply[done] & 0xFF).isEqualTo(token);
        assertThat((reply[done + 1] & 0xFF) | (reply[done + 2] & 0xFF) << 8).isEqualTo(status);
        assertThat(reply[done + 5] & 0xFF).isEqualTo((int) rowCount);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }
}
