package aspstate.tds;

import static aspstate.tds.ClientMessages.LOGIN7;
import static aspstate.tds.ClientMessages.RPC;
import static aspstate.tds.ClientMessages.TDS_7_1;
import static aspstate.tds.ClientMessages.bit;
import static aspstate.tds.ClientMessages.call;
import static aspstate.tds.ClientMessages.integer;
import static aspstate.tds.ClientMessages.login7;
import static aspstate.tds.ClientMessages.nvarchar;
import static aspstate.tds.ClientMessages.singlePacket;
import static aspstate.tds.ClientMessages.varbinary;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A TDS 7.1 client as jTDS is one: LOGIN7 without PRELOGIN, requests without ALL_HEADERS, and replies in the 7.1
 * layouts (4-byte row counts, 2-byte UserType), which differ from 7.2's in ways the client cannot skip over.
 */
@Timeout(60)
class Tds71RawTest {

    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private RawTdsConnection loggedIn() {
        RawTdsConnection connection = new RawTdsConnection(server.address());
        connection.send(singlePacket(LOGIN7, login7(TDS_7_1, "sa", "x", "ASPState", 4096)));
        String login = HexFormat.of().formatHex(connection.readMessage());
        // LOGINACK: length, interface 1, then the version spoken, which must be the client's.
        assertThat(login).contains("ad" + "3200" + "01" + "71000001");
        // The final DONE, with a 4-byte row count.
        assertThat(login).endsWith("fd" + "0000" + "0000" + "00000000");
        return connection;
    }

    @Test
    void loginIsAcknowledgedInTds71() {
        try (RawTdsConnection connection = loggedIn()) {
            assertThat(connection.spid).isPositive();
        }
    }

    @Test
    void procedureCallWithPositionalParametersIsAnsweredInTheTds71Layout() {
        try (RawTdsConnection connection = loggedIn()) {
            connection.send(singlePacket(
                    RPC,
                    call(
                            "dbo.TestEcho",
                            nvarchar("", 88, "id"),
                            varbinary("", 7000, new byte[] {1}),
                            bit("", true, true),
                            integer("", true, 41))));
            assertThat(HexFormat.of().formatHex(connection.readMessage()))
                    .isEqualTo("79" + "00000000" // RETURNSTATUS 0
                            // RETURNVALUE: ordinal, no name, output, 2-byte UserType, flags, BITN(1), value.
                            + "ac" + "0200" + "00" + "01" + "0000" + "0100" + "6801" + "0100"
                            + "ac" + "0300" + "00" + "01" + "0000" + "0100" + "2604" + "042a000000"
                            + "fe" + "0000" + "e000" + "00000000"); // DONEPROC, 4-byte row count
        }
    }
}
